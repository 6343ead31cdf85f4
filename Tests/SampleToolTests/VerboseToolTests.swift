import Foundation
import GoogleEmulator
import TestSupport
import Testing

/// `--verbose` prints the request log on standard error: API attempts, the token refresh behind a
/// 401, the revocation at `logout` — and never a token or the client secret.
@Suite("drive --verbose")
struct VerboseToolTests {
    /// Every string value of the token file (tokens, ID token), to check none is printed.
    private static func secrets(in tokenFile: URL) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: tokenFile)) as? [String: Any]
        let credentials = object?["credentials"] as? [String: Any] ?? [:]
        return ["accessToken", "refreshToken", "idToken"].compactMap { credentials[$0] as? String }.filter { $0.count > 8 }
    }

    @Test("a refresh after a 401 and the revocation at logout appear, with no secret")
    func refreshAndRevocationAreLogged() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        var secrets = try Self.secrets(in: fixture.tokenStore)
        #expect(secrets.count >= 2, "the token file should hold an access and a refresh token")
        fixture.emulator.oauth.expireAccessTokens()

        let list = try await fixture.run("drive", "files", "list", "--max", "3", "--verbose")
        #expect(list.status == 0, "\(list.standardError)")
        let listLog = list.standardError
        #expect(listLog.contains("-> 401 in "), "\(listLog)")
        #expect(listLog.contains("token refresh: POST "), "\(listLog)")
        #expect(listLog.contains("-> 200 in "), "\(listLog)")
        secrets += try Self.secrets(in: fixture.tokenStore)

        let logout = try await fixture.run("drive", "logout", "--verbose")
        #expect(logout.status == 0, "\(logout.standardError)")
        #expect(logout.standardError.contains("revocation: POST "), "\(logout.standardError)")

        let clientSecret = OAuthEmulator.Client.testDesktopClient.secret ?? ""
        for output in [listLog, logout.standardError, list.standardOutput] {
            for secret in secrets + [clientSecret] where !secret.isEmpty {
                #expect(!output.contains(secret), "a secret was printed")
            }
        }
        // Without the option nothing of the log appears.
        _ = try await fixture.login("drive")
        let quiet = try await fixture.run("drive", "files", "list", "--max", "3")
        #expect(!quiet.standardError.contains("-> 200 in "))
    }
}
