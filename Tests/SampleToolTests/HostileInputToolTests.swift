import Foundation
import GoogleEmulator
import Testing

/// Absurd numbers in files and on the command line, and files that change while downloading
/// (issue 10, points 1 and 2).
@Suite("Sample tools with hostile numbers and changing files")
struct HostileInputToolTests {
    @Test("status with an absurd expiresAt in the token file does not crash", arguments: [1e300, -1e300, 9.3e18])
    func absurdExpiry(expiresAt: Double) async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        var stored = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.tokenStore)) as? [String: Any])
        var credentials = try #require(stored["credentials"] as? [String: Any])
        #expect(credentials["expiresAt"] != nil)
        credentials["expiresAt"] = expiresAt
        stored["credentials"] = credentials
        try JSONSerialization.data(withJSONObject: stored).write(to: fixture.tokenStore)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.tokenStore.path)

        let status = try await fixture.run("drive", "status")
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("Access token:"))
        let json = try await fixture.run("drive", "status", "--json")
        #expect(json.status == 0, "\(json.standardError)")
    }

    @Test("google-api-emulator --token-lifetime 1e19 is refused with a clear message", arguments: ["1e19", "inf", "nan"])
    func emulatorTokenLifetime(value: String) async throws {
        // The limit only stops an emulator that wrongly started serving; a loaded machine can take
        // a while to start a process, so it is generous.
        let result = try await ToolProcess.run(
            "google-api-emulator", ["--port", "0", "--token-lifetime", value], environment: ProcessInfo.processInfo.environment,
            timeout: .seconds(60))
        #expect(result.status != 0)
        #expect(result.standardError.contains("--token-lifetime"), "\(result.standardError)")
    }
}
