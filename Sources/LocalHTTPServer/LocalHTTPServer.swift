import Foundation

// MARK: - HTTPServerHandler

/// Answers one request. Runs as a task, so it may await freely; a slow handler only holds up its
/// own connection. The task prefers an executor on the connection's thread, so the handler does
/// not wait for a free cooperative thread (code it runs on a global actor or custom executor does).
public typealias HTTPServerHandler = @Sendable (HTTPServerRequest) async -> HTTPServerResponse

// MARK: - LocalHTTPServer

/// A small HTTP/1.1 server on POSIX sockets, meant for loopback use by tests, the Google emulator
/// and OAuth redirect listeners.
///
/// Each connection is served by its own thread with blocking I/O. Handlers run as tasks whose
/// jobs that thread executes itself (a task executor preference), so the server neither blocks a
/// cooperative thread nor needs a free one: it answers within its timeouts however busy the
/// process's cooperative pool is. Supports
/// keep-alive and pipelining, `Content-Length` and chunked bodies in both directions,
/// `Expect: 100-continue`, `HEAD`, file bodies sent in pieces, streamed request bodies (see
/// ``Configuration/streamRequestBody``). It has no fault injection: what misbehaviour the
/// emulator scripts (a late head, a slow or cut body, a dropped connection) it builds from the
/// ordinary features, a handler that takes its time, a response stream that pauses or fails, and
/// ``HTTPServerResponse/dropConnection``.
public final class LocalHTTPServer: Sendable {
    private let core: ServerCore

    /// - Parameters:
    ///   - configuration: Where to listen and what to accept.
    ///   - handler: Called once per request; ``HTTPRouter/handle(_:)`` fits here.
    public init(configuration: Configuration = .init(), handler: @escaping HTTPServerHandler) {
        self.core = ServerCore(configuration: configuration, handler: handler)
    }

    deinit {
        core.stop()
    }

    /// Creates a server and starts it.
    /// - Throws: ``LocalHTTPServerError`` when the address cannot be bound.
    public static func start(
        configuration: Configuration = .init(), handler: @escaping HTTPServerHandler
    ) throws(LocalHTTPServerError) -> LocalHTTPServer {
        let server = LocalHTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return server
    }

    // MARK: - Lifecycle

    /// Binds, listens and starts accepting connections in the background.
    /// - Throws: ``LocalHTTPServerError`` when the socket cannot be bound or the server was
    ///   already started.
    public func start() throws(LocalHTTPServerError) {
        try core.start()
    }

    /// Stops accepting, closes every connection (in-flight requests fail) and releases the port.
    /// Safe to call more than once; `deinit` calls it too.
    public func stop() {
        core.stop()
    }

    // MARK: - Addresses

    public var configuration: Configuration { core.configuration }

    /// The bound port (the real one when the configuration asked for port 0); 0 before `start()`.
    public var port: Int { core.port }

    /// `http://127.0.0.1:PORT` (or `http://[::1]:PORT`), without a trailing slash.
    public var baseURL: URL {
        // The host is a validated numeric literal and the port an integer, so this always parses.
        URL(string: "http://\(core.configuration.host.urlHost):\(port)")!
    }

    // MARK: - Counters

    /// TCP connections accepted since start.
    public var connectionsAccepted: Int { core.connectionsAccepted.load(ordering: .relaxed) }

    /// Requests whose handler has returned.
    public var requestsHandled: Int { core.requestsHandled.load(ordering: .relaxed) }

    /// Connections currently open.
    public var openConnections: Int { core.openConnectionCount }

    /// Requests received whose response has not been written yet. Unlike ``openConnections`` it
    /// does not count idle keep-alive connections (a browser keeps some open, unused), so it tells
    /// when every answer is out.
    public var responsesInProgress: Int { core.responsesInProgress.load(ordering: .acquiring) }
}
