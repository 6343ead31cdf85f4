import Foundation
import GoogleAuth
import LocalHTTPServer
import Testing

/// Tokens are checked when they arrive: one an HTTP header cannot carry, or a `token_type` other
/// than Bearer, is refused by the OAuth client with `invalidTokenResponse`, so it is never stored.
@Suite("Token endpoint answers are validated")
struct TokenValidationTests {
    static func refresh(answering body: String) async throws -> OAuthTokens {
        let harness = try EmulatorHarness { request in
            request.path == "/custom/token" ? .json(Data(body.utf8)) : nil
        }
        var configuration = harness.clientConfiguration
        configuration.endpoints.token = harness.baseURL.appendingPathComponent("custom/token")
        return try await harness.makeClient(configuration: configuration).refresh(refreshToken: "1//old")
    }

    @Test(
        "unsendable access tokens are refused without showing them",
        arguments: [
            #""""#, #""ya29.SECRET\r\nX-Injected: 1""#, #""ya29.SECRET\u0000""#, #""ya29 SECRET""#, #""ya29.SECRÉT""#,
            #""ya29.SECRET\u007f""#,
        ])
    func unsendableToken(token: String) async throws {
        let error = await #expect(throws: OAuthError.self) {
            _ = try await Self.refresh(answering: #"{"access_token":\#(token),"expires_in":3600,"token_type":"Bearer"}"#)
        }
        guard let error, error.code == .invalidTokenResponse, let reason = error.reason else {
            Issue.record("expected invalidTokenResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("access_token"))
        // The source is named: which token endpoint sent it.
        #expect(reason.contains("the token endpoint http://127.0.0.1:") && reason.contains("/custom/token"))
        #expect(!"\(error)".contains("SECRET"))
    }

    @Test("a token_type other than Bearer is refused", arguments: ["mac", "DPoP", ""])
    func otherTokenType(type: String) async throws {
        let error = await #expect(throws: OAuthError.self) {
            _ = try await Self.refresh(answering: #"{"access_token":"ya29.ok","expires_in":3600,"token_type":"\#(type)"}"#)
        }
        guard let error, error.code == .invalidTokenResponse, let reason = error.reason else {
            Issue.record("expected invalidTokenResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("token_type"))
    }

    @Test("Bearer in any case, or no token_type, is accepted", arguments: [#","token_type":"bearer""#, #","token_type":"BEARER""#, ""])
    func bearerAccepted(field: String) async throws {
        let credentials = try await Self.refresh(answering: #"{"access_token":"ya29.ok-_~+/=","expires_in":3600\#(field)}"#)
        #expect(credentials.accessToken == "ya29.ok-_~+/=")
        #expect(credentials.tokenType == "Bearer")
        #expect(credentials.hasSendableAccessToken)
    }
}
