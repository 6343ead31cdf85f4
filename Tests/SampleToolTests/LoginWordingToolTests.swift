import Foundation
import GoogleEmulator
import Testing

// MARK: - LoginWordingToolTests

/// What `login` tells the person at the terminal: who they are only when Google said so, and
/// what to do when they (not a developer) declined.
@Suite("login tells the person at the terminal what happened")
struct LoginWordingToolTests {
    @Test("without an email granted, login says it signed in without naming an account")
    func noIDToken() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.oauth.grantedScopesOverride = ["https://www.googleapis.com/auth/drive"]
        let fixture = try ToolFixture(configuration: configuration)
        let login = try await fixture.login("drive")
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardError.contains("Signed in ("), "\(login.standardError)")
        #expect(!login.standardError.contains("your account"))
        #expect(login.standardError.contains(fixture.tokenStore.path))

        let named = try ToolFixture()
        let withEmail = try await named.login("drive")
        #expect(withEmail.standardError.contains("Signed in as user@example.com."), "\(withEmail.standardError)")
    }

    @Test("a declined consent tells the user to run login again and choose Allow")
    func accessDenied() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.oauth.consent = .deny
        let fixture = try ToolFixture(configuration: configuration)
        let login = try await fixture.login("drive")
        #expect(login.status == 1)
        #expect(login.standardError.contains("`drive login` again and choose Allow"), "\(login.standardError)")
        #expect(!login.standardError.contains("Ask the user"))
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenStore.path))
    }
}
