import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization

/// A real server on 127.0.0.1: the package's OAuth emulator (real tokens, real refreshes, a 401
/// for an expired token) and Drive's `files` route answering the scripted responses in order,
/// then an empty file list. It records the headers of every request it answered.
final class DriveBackend: Sendable {
    let oauth: OAuthEmulator
    let server: LocalHTTPServer
    private let script: Locked<[HTTPServerResponse]>
    private let received: Locked<[GoogleHTTPHeaders]>
    static let scope = "https://www.googleapis.com/auth/drive"

    init(_ script: [HTTPServerResponse] = []) throws {
        let oauth = OAuthEmulator()
        let script = Locked(script)
        let received = Locked<[GoogleHTTPHeaders]>([])
        var router = HTTPRouter()
        router.add(nil, "/drive/v3/files") { request, _ in
            if case .denied(let response) = oauth.authorize(request, anyOf: []) { return response }
            received.withLock { $0.append(request.headers) }
            let next: HTTPServerResponse? = script.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            return next ?? .json(Data(#"{"kind":"drive#fileList","files":[]}"#.utf8))
        }
        let routes = router
        self.oauth = oauth
        self.script = script
        self.received = received
        self.server = try LocalHTTPServer.start { request in
            if let response = await oauth.handle(request) { return response }
            return await routes.handle(request)
        }
    }

    deinit { server.stop() }

    /// The headers of each request the `files` route answered, in order.
    var receivedHeaders: [GoogleHTTPHeaders] { received.withLock { $0 } }

    /// Tokens the emulator really issued, valid for an hour.
    func credentials() -> OAuthTokens {
        let tokens = oauth.issueTokens(scopes: [Self.scope])
        return OAuthTokens(
            accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh, scopes: [Self.scope])
    }

    /// A session on `store` refreshing through the emulator's token endpoint, retrying without
    /// real waits.
    func session(_ configuration: AuthorizedSession.Configuration, store: InMemoryTokenStore) -> AuthorizedSession {
        var configuration = configuration
        configuration.trustedTokenOrigins.append(server.baseURL)
        configuration.retry = .fast
        return AuthorizedSession(credentials: store, refresher: refresher, transport: CurlTransport(), configuration: configuration)
    }

    /// An OAuth client refreshing through the emulator's token endpoint.
    var refresher: OAuthClient {
        let client = OAuthEmulator.Client.testDesktopClient
        return OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: server.baseURL)))
    }

    func drive(_ session: AuthorizedSession) -> Drive {
        Drive(session: session, rootURL: server.baseURL)
    }

    /// A 503 that asks for no wait.
    static let unavailable = HTTPServerResponse(status: 503, headers: ["Retry-After": "0"], body: .data(Data()))
}

extension RetryPolicy {
    /// Retries on, waits of a few milliseconds; the total budget an hour, as a loaded machine can
    /// leave a test's task without a thread for seconds between attempts.
    static var fast: RetryPolicy {
        RetryPolicy(baseDelay: .milliseconds(1), maxDelay: .milliseconds(5), maxTotalTime: .seconds(3600))
    }
}

/// A unique temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("integrations-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// A value shared with a server's handlers.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
