import Foundation
import GoogleEmulator
import Testing

/// `GOOGLE_API_ROOT_URL` and `GOOGLE_OAUTH_REVOKE_URI` receive tokens: plain http is accepted
/// only for the local machine (the emulator), anything else stops the tool with a clear message.
@Suite("Sample tools refuse plain-http endpoints on remote hosts")
struct TokenDestinationToolTests {
    @Test(
        "A remote plain-http root or revocation URL is a usage error naming the variable",
        arguments: [
            ("GOOGLE_API_ROOT_URL", "http://192.0.2.1:8089/"),
            ("GOOGLE_API_ROOT_URL", "http://api.example.invalid/"),
            ("GOOGLE_OAUTH_REVOKE_URI", "http://192.0.2.1:8089/revoke"),
        ])
    func remotePlainHTTPIsRefused(variable: String, value: String) async throws {
        let fixture = try ToolFixture()
        var environment = fixture.environment
        environment[variable] = value
        let result = try await ToolProcess.run("drive", ["files", "list"], environment: environment)
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(variable), "\(result.standardError)")
        #expect(result.standardError.contains("plain http"), "\(result.standardError)")
    }

    @Test("The emulator on 127.0.0.1 over plain http keeps working")
    func loopbackEmulatorWorks() async throws {
        let fixture = try ToolFixture()
        let login = try await fixture.login("drive")
        #expect(login.status == 0, "\(login.standardError)")
        let list = try await fixture.run("drive", "files", "list")
        #expect(list.status == 0, "\(list.standardError)")
    }
}
