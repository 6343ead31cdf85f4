import Foundation
@_spi(Testing) import GoogleAuth
import GoogleBase
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization

// MARK: - EmulatorHarness

/// An ``OAuthEmulator`` served by a real ``LocalHTTPServer`` on 127.0.0.1 and a random port, plus
/// an ``OAuthClient`` that talks to it through the real ``CurlTransport``.
final class EmulatorHarness: Sendable {
    let emulator: OAuthEmulator
    let server: LocalHTTPServer
    let transport = CurlTransport()

    /// - Parameter extraRoutes: Answers requests the emulator does not handle (nil → 404).
    init(
        configuration: OAuthEmulator.Configuration = .init(),
        extraRoutes: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse? = { _ in nil }
    ) throws {
        let emulator = OAuthEmulator(configuration: configuration)
        self.emulator = emulator
        self.server = try LocalHTTPServer.start { request in
            if let response = await emulator.handle(request) { return response }
            return extraRoutes(request) ?? .notFound
        }
    }

    deinit {
        server.stop()
    }

    var baseURL: URL { server.baseURL }

    var clientConfiguration: OAuthClientConfiguration {
        let client = OAuthEmulator.Client.testDesktopClient
        return OAuthClientConfiguration(
            clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: baseURL))
    }

    /// - Parameter clock: The client's notion of now; tests that check an expiry date pass a
    ///   fixed one, so the check does not depend on how long the test waited for a thread.
    func makeClient(
        configuration: OAuthClientConfiguration? = nil,
        clock: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        logger: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) -> OAuthClient {
        var client = OAuthClient(configuration: configuration ?? clientConfiguration, transport: transport, logger: logger)
        client.clock = clock
        client.sleep = sleep
        return client
    }
}

// MARK: - CurlBrowser

/// A test "browser": GETs the authorization URL without following redirects, reads `Location`,
/// optionally tampers with it, and GETs it (hitting the loopback listener).
final class CurlBrowser: BrowserOpener {
    struct Visit: Sendable {
        var authorizationStatus: Int
        var location: String?
        var redirectStatus: Int?
        var redirectPage: String?
    }

    let transport: CurlTransport
    let tamper: @Sendable (String) -> String
    let beforeRedirect: @Sendable (URL) async throws -> Void
    private let visits = Mutex<[Visit]>([])

    init(
        transport: CurlTransport = CurlTransport(),
        tamper: @escaping @Sendable (String) -> String = { $0 },
        beforeRedirect: @escaping @Sendable (URL) async throws -> Void = { _ in }
    ) {
        self.transport = transport
        self.tamper = tamper
        self.beforeRedirect = beforeRedirect
    }

    var recorded: [Visit] { visits.withLock { $0 } }

    func open(_ url: URL) async throws {
        let first = try await transport.send(GoogleHTTPRequest(url: url))
        var visit = Visit(authorizationStatus: first.status, location: first.headers["Location"])
        if let location = visit.location, let target = URL(string: tamper(location)) {
            try await beforeRedirect(target)
            let second = try await transport.send(GoogleHTTPRequest(url: target))
            visit.redirectStatus = second.status
            visit.redirectPage = String(decoding: second.body, as: UTF8.self)
        }
        visits.withLock { $0.append(visit) }
    }
}

// MARK: - Helpers

enum TestScopes {
    static let driveReadonly = "https://www.googleapis.com/auth/drive.readonly"
    static let driveFile = "https://www.googleapis.com/auth/drive.file"
    static let youtube = "https://www.googleapis.com/auth/youtube"
}

/// A fresh empty directory unique to the calling test.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("google-auth-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Query parameters of a URL string, decoded.
func queryParameters(_ url: String) -> [String: String] {
    let query = url.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
    return Dictionary(FormURLEncoding.decode(query).map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
}
