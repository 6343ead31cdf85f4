import Foundation
import GoogleAPIRuntime
import GoogleEmulator

// MARK: - EmulatorBackend

/// A running GoogleEmulator on 127.0.0.1 (port 0) and an AuthorizedSession holding tokens the
/// emulator's OAuth side really issued, talking through the real CurlTransport.
final class EmulatorBackend: Sendable {
    let emulator: GoogleEmulator
    let session: AuthorizedSession

    /// - Parameters:
    ///   - scopes: The scopes granted to the session's credentials.
    ///   - configuration: Emulator settings (page sizes, seed data).
    ///   - sessionConfiguration: The session's settings (e.g. a quota ledger).
    init(
        scopes: [String], configuration: GoogleEmulator.Configuration = .init(),
        sessionConfiguration: AuthorizedSession.Configuration = .init()
    ) throws {
        emulator = try GoogleEmulator.start(configuration: configuration)
        let tokens = emulator.oauth.issueTokens(scopes: scopes)
        let credentials = OAuthTokens(
            accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600),
            refreshToken: tokens.refresh, scopes: Set(scopes))
        let client = OAuthEmulator.Client.testDesktopClient
        let refresher = OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: client.id, clientSecret: client.secret,
                endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))
        session = AuthorizedSession(
            credentials: InMemoryTokenStore(credentials), refresher: refresher, configuration: sessionConfiguration)
    }

    deinit { emulator.stop() }

    /// The emulator's API root, for the services' `rootURL:` override.
    var rootURL: URL { emulator.rootURL }
}

/// A unique temporary directory per test.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("generated-api-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
