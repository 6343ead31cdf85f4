import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization

/// A real server on 127.0.0.1 with the OAuth emulator and a test's own scripted routes.
final class TestBackend: Sendable {
    let oauth: OAuthEmulator
    let server: LocalHTTPServer
    static let scope = "https://www.googleapis.com/auth/drive"

    /// - Parameter routes: Registers the test's routes; handlers can check tokens with `oauth`.
    /// - Parameter serverConfiguration: By default a pause inside a request body or between
    ///   keep-alive requests may last ten minutes, not 30 s: multipart uploads from a file are
    ///   streamed by tasks on the cooperative pool, which a loaded machine can leave without a
    ///   thread for longer than that.
    init(
        accessTokenLifetime: TimeInterval = 3600,
        serverConfiguration: LocalHTTPServer.Configuration = .init(idleTimeout: .seconds(600), readTimeout: .seconds(600)),
        routes: (inout HTTPRouter, OAuthEmulator) -> Void = { _, _ in }
    ) throws {
        let oauth = OAuthEmulator(configuration: .init(accessTokenLifetime: accessTokenLifetime))
        var router = HTTPRouter()
        routes(&router, oauth)
        let finalRouter = router
        self.oauth = oauth
        self.server = try LocalHTTPServer.start(configuration: serverConfiguration) { request in
            if let response = await oauth.handle(request) { return response }
            return await finalRouter.handle(request)
        }
    }

    deinit { server.stop() }

    var baseURL: URL { server.baseURL }

    /// Credentials the emulator really issued; `expiresIn` may be negative (already expired
    /// for the client, though the emulator still accepts the token until it expires there).
    func credentials(scopes: [String] = [TestBackend.scope], expiresIn: TimeInterval = 3600, storeScopes: Bool = true) -> OAuthTokens {
        let tokens = oauth.issueTokens(scopes: scopes)
        return OAuthTokens(
            accessToken: tokens.access, expiresAt: Date().addingTimeInterval(expiresIn), refreshToken: tokens.refresh,
            scopes: storeScopes ? Set(scopes) : [])
    }

    var refresher: OAuthClient {
        let client = OAuthEmulator.Client.testDesktopClient
        return OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: baseURL)))
    }

    func session(
        store: any TokenStore, transport: any HTTPTransport = CurlTransport(),
        configuration: AuthorizedSession.Configuration = .fastTests
    ) -> AuthorizedSession {
        // Tests also send requests straight through the session, without a service client.
        var configuration = configuration
        configuration.trustedTokenOrigins.append(baseURL)
        return AuthorizedSession(credentials: store, refresher: refresher, transport: transport, configuration: configuration)
    }

    func client(session: AuthorizedSession, servicePath: String = "drive/v3/", batchPath: String? = "batch/drive/v3") -> GoogleServiceClient
    {
        var client = GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!,
                servicePath: servicePath, batchPath: batchPath),
            rootURL: baseURL)
        client.media.resumeBackoffBase = .milliseconds(1)
        return client
    }
}

extension AuthorizedSession.Configuration {
    /// Retries on, but without real waiting. The retry budget is an hour, not two minutes: it is
    /// measured on the real clock, and on a loaded machine the test task can wait tens of seconds
    /// for a thread between attempts, which would cut a test's expected retries short.
    static var fastTests: Self {
        var configuration = Self()
        configuration.retry.baseDelay = .milliseconds(1)
        configuration.retry.maxDelay = .milliseconds(5)
        configuration.retry.maxTotalTime = .seconds(3600)
        configuration.sleep = { _ in }
        return configuration
    }
}

/// Checks the bearer token, answering like Google when it is missing or invalid.
func requireToken(_ oauth: OAuthEmulator, _ request: HTTPServerRequest, scopes: [String] = []) -> HTTPServerResponse? {
    if case .denied(let response) = oauth.authorize(request, anyOf: scopes) { return response }
    return nil
}

/// A thread-safe counter / recorder for route handlers.
final class Recorder<Value: Sendable>: Sendable {
    private let storage: Mutex<[Value]>
    init() { storage = Mutex([]) }
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

/// A unique temporary directory, removed by `cleanUp()`.
struct TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func cleanUp() { try? FileManager.default.removeItem(at: url) }
}

/// Writes `size` bytes of random data to `url`: one random 1 MiB block, each copy stamped with
/// its index so no two MiB are equal (cheap even in debug builds).
func writePatternFile(_ url: URL, size: Int) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var generator = SystemRandomNumberGenerator()
    var words = [UInt64](repeating: 0, count: (1 << 20) / 8)
    for index in words.indices { words[index] = generator.next() }
    var block = words.withUnsafeBytes { Data($0) }
    var written = 0
    var stamp: UInt64 = 0
    while written < size {
        withUnsafeBytes(of: stamp) { block.replaceSubrange(0..<8, with: $0) }
        let count = min(size - written, block.count)
        try handle.write(contentsOf: block.prefix(count))
        written += count
        stamp += 1
    }
}

/// Whether two files have the same bytes, compared 1 MiB at a time.
func filesAreIdentical(_ lhs: URL, _ rhs: URL) throws -> Bool {
    let left = try FileHandle(forReadingFrom: lhs)
    let right = try FileHandle(forReadingFrom: rhs)
    defer {
        try? left.close()
        try? right.close()
    }
    while true {
        let a = try left.read(upToCount: 1 << 20) ?? Data()
        let b = try right.read(upToCount: 1 << 20) ?? Data()
        if a != b { return false }
        if a.isEmpty { return true }
    }
}
