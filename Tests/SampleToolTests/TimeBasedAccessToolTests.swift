import Foundation
import GoogleEmulator
import Testing

/// `refresh_token_expires_in` from the emulator's token endpoint, as a user sees it in the tools.
@Suite("drive tool: time-based access (refresh token expiry)")
struct TimeBasedAccessToolTests {
    private static func fixture() throws -> ToolFixture {
        var configuration = GoogleEmulator.Configuration()
        configuration.oauth.refreshTokenLifetime = 7200
        return try ToolFixture(configuration: configuration)
    }

    @Test("status shows when the refresh token expires, in text and JSON")
    func statusShowsRefreshTokenExpiry() async throws {
        let fixture = try Self.fixture()
        let login = try await fixture.login("drive")
        #expect(login.status == 0, "\(login.standardError)")

        let text = try await fixture.run("drive", "status")
        #expect(text.status == 0, "\(text.standardError)")
        let line = try #require(text.standardOutput.split(separator: "\n").first { $0.hasPrefix("Refresh token:") })
        #expect(line.contains("stored, expires in"))

        let json = try await fixture.run("drive", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let expiry = try #require((object["refreshTokenExpires"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) })
        // 7200 s from login, give or take the time the commands took.
        #expect(abs(expiry.timeIntervalSinceNow - 7200) < 600)
    }

    @Test("once the refresh token has expired, commands exit 3 without contacting the token endpoint or the API")
    func expiredRefreshTokenExitsWithoutRequests() async throws {
        let fixture = try Self.fixture()
        _ = try await fixture.login("drive")
        // Time passing, as the tool sees it: the stored expiry moves into the past (the access
        // token itself is still valid for an hour).
        let data = try Data(contentsOf: fixture.tokenStore)
        var envelope = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var credentials = try #require(envelope["credentials"] as? [String: Any])
        #expect(credentials["refreshTokenExpiresAt"] != nil)
        credentials["refreshTokenExpiresAt"] = Date().timeIntervalSince1970 - 5
        envelope["credentials"] = credentials
        try JSONSerialization.data(withJSONObject: envelope).write(to: fixture.tokenStore)

        let status = try await fixture.run("drive", "status")
        #expect(status.standardOutput.contains("expired at"), "\(status.standardOutput)")

        let tokenRequests = fixture.emulator.oauth.tokenRequestCount
        fixture.emulator.clearRecordedRequests()
        let list = try await fixture.run("drive", "files", "list", "--max", "3")
        #expect(list.status == 3, "\(list.standardError)")
        #expect(list.standardError.contains("drive login"))
        #expect(fixture.emulator.oauth.tokenRequestCount == tokenRequests)
        #expect(fixture.emulator.recordedRequests.isEmpty)
    }
}
