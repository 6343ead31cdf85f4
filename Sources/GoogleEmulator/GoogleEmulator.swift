import Foundation
import GoogleHTTPTypes
import LocalHTTPServer
import Synchronization

// MARK: - GoogleEmulator

/// A local emulator of Google OAuth 2.0, Drive v3 and YouTube Live on one loopback port, for
/// tests, the demo and offline use.
///
/// Every Drive and YouTube endpoint requires a bearer token issued by the emulator's OAuth side
/// (``oauth``; tests can skip the browser flow with ``issueAccessToken(scopes:)``). Faults can be
/// scripted through ``faults``. Uploads are streamed to a private temporary directory that
/// ``stop()`` removes.
public final class GoogleEmulator: Sendable {
    public let configuration: Configuration
    let context: EmulatorContext
    private let server: LocalHTTPServer
    /// Where file content lives while the emulator runs.
    public let contentDirectory: URL
    private let seeded = Mutex(false)

    /// Creates an emulator; call ``start()`` to listen.
    /// - Parameter configuration: Address, OAuth clients, seed data, page sizes.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        self.contentDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("google-api-emulator-\(UUID().uuidString)", isDirectory: true)
        let context = EmulatorContext(configuration: configuration, contentDirectory: contentDirectory)
        self.context = context
        let handler = EmulatorRequestHandler(context: context)
        self.server = LocalHTTPServer(
            configuration: .init(
                host: configuration.host, port: configuration.port,
                // Uploads stream to disk; everything else (JSON, batch) is small and buffered.
                streamRequestBody: LocalHTTPServer.Configuration.streamingBodies(forPathPrefixes: ["/upload/"])),
            handler: handler.handle)
    }

    deinit {
        stop()
    }

    /// Creates and starts an emulator.
    /// - Throws: ``GoogleEmulatorError`` when it cannot listen or write its content directory.
    public static func start(configuration: Configuration = .init()) throws(GoogleEmulatorError) -> GoogleEmulator {
        let emulator = GoogleEmulator(configuration: configuration)
        try emulator.start()
        return emulator
    }

    // MARK: - Lifecycle

    /// Creates the content directory, loads the seed data (if configured) and starts listening.
    /// - Throws: ``GoogleEmulatorError``.
    public func start() throws(GoogleEmulatorError) {
        do {
            try FileManager.default.createDirectory(at: contentDirectory, withIntermediateDirectories: true)
        } catch {
            throw GoogleEmulatorError(message: "cannot create \(contentDirectory.path): \(error.localizedDescription)")
        }
        let needsSeed = seeded.withLock { done in
            defer { done = true }
            return !done && configuration.seedData
        }
        if needsSeed {
            do {
                try SeedData.populate(drive: context.drive, youtube: context.youtube)
            } catch {
                throw GoogleEmulatorError(message: "cannot write seed data: \(error.localizedDescription)")
            }
        }
        do {
            try server.start()
        } catch {
            throw GoogleEmulatorError(message: "cannot listen: \(error)")
        }
        context.setBaseURL(server.baseURL.absoluteString)
    }

    /// Stops listening, closes connections and deletes the content directory. Idempotent.
    public func stop() {
        context.youtube.chatUpdates.stop()
        server.stop()
        try? FileManager.default.removeItem(at: contentDirectory)
    }

    // MARK: - Addresses

    /// `http://127.0.0.1:PORT` (no trailing slash).
    public var baseURL: URL { server.baseURL }
    public var port: Int { server.port }

    /// The API root to give clients (`rootUrl` in Discovery terms), with a trailing slash.
    public var rootURL: URL {
        // baseURL is a valid http URL, so appending a slash keeps it valid.
        URL(string: baseURL.absoluteString + "/") ?? baseURL
    }

    /// The OAuth endpoints of this emulator.
    public var oauthEndpoints: (authorization: URL, token: URL, revocation: URL, deviceAuthorization: URL) {
        (
            baseURL.appendingPathComponent("o/oauth2/v2/auth"), baseURL.appendingPathComponent("token"),
            baseURL.appendingPathComponent("revoke"), baseURL.appendingPathComponent("device/code")
        )
    }

    // MARK: - Controls

    /// The OAuth side: issue, expire and revoke tokens, change consent behaviour.
    public var oauth: OAuthEmulator { context.oauth }

    /// Scripted faults.
    public var faults: EmulatorFaults { context.faults }

    /// A valid access token with `scopes`, as if the user had signed in.
    public func issueAccessToken(scopes: [String]) -> String {
        oauth.issueTokens(scopes: scopes).access
    }

    /// Requests answered so far (most recent last, bounded).
    public var recordedRequests: [RecordedRequest] { context.requestLog.all }

    public func clearRecordedRequests() {
        context.requestLog.removeAll()
    }

    /// Connections the HTTP server accepted (to check connection reuse).
    public var connectionsAccepted: Int { server.connectionsAccepted }
}

// MARK: - GoogleEmulatorError

/// Why the emulator could not start.
public struct GoogleEmulatorError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { "GoogleEmulatorError: \(message)" }
}
