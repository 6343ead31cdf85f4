import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ServerCore

/// The running part of a ``LocalHTTPServer``: listener, accept thread and connection registry.
///
/// Threads retain the core, never the public server object, so dropping the last reference to the
/// server runs its `deinit`, which stops the core.
final class ServerCore: Sendable {
    private struct State {
        var listenerFD: Int32 = -1
        var isStopped = false
        var isStarted = false
        /// Open connection descriptors by connection ID; a thread removes its entry before closing
        /// the descriptor, so `stop()` never shuts down a reused number.
        var connections: [Int: Int32] = [:]
        /// Connections waiting for or reading a request head (not inside a handler), with the time
        /// they started waiting: the candidates for eviction at ``Configuration/maxConnections``.
        var awaitingHead: [Int: ContinuousClock.Instant] = [:]
        /// Connections shut down by eviction whose threads have not unregistered them yet.
        var evicted: Set<Int> = []
    }

    let configuration: LocalHTTPServer.Configuration
    let handler: HTTPServerHandler
    /// A `PlainLock`: ThreadSanitizer follows it between threads, while it misses the kernel's
    /// hand-over of a contended `Mutex` (a priority-inheritance futex) and reports races that aren't.
    private let state = PlainLock(State())
    let connectionsAccepted = Atomic<Int>(0)
    let requestsHandled = Atomic<Int>(0)
    /// Requests read whose response is not yet written.
    let responsesInProgress = Atomic<Int>(0)
    private let nextConnectionID = Atomic<Int>(1)
    private let boundPort = Atomic<Int>(0)

    init(configuration: LocalHTTPServer.Configuration, handler: @escaping HTTPServerHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    var port: Int { boundPort.load(ordering: .acquiring) }

    var openConnectionCount: Int { state.withLock { $0.connections.count } }

    // MARK: - Connection limit

    /// Records whether connection `id` is waiting for (or reading) a request head, the state in
    /// which it may be evicted. Only tracked when there is a connection limit.
    func setAwaitingHead(_ id: Int, _ awaiting: Bool) {
        guard configuration.maxConnections != nil else { return }
        state.withLock { state in
            guard state.connections[id] != nil else { return }
            state.awaitingHead[id] = awaiting ? ContinuousClock.now : nil
        }
    }

    private enum Admission {
        case admitted
        case refused
        case stopped
    }

    /// Registers a new connection, making room at the limit by shutting down the connection that
    /// has waited longest for a request head. Its thread then sees EOF and closes it.
    private func admit(id: Int, fd: Int32) -> Admission {
        state.withLock { state -> Admission in
            guard !state.isStopped else { return .stopped }
            if let limit = configuration.maxConnections, state.connections.count - state.evicted.count >= max(1, limit) {
                guard let oldest = state.awaitingHead.min(by: { $0.value < $1.value })?.key,
                    let victim = state.connections[oldest]
                else { return .refused }
                state.awaitingHead[oldest] = nil
                state.evicted.insert(oldest)
                _ = shutdown(victim, Int32(SHUT_RDWR))
            }
            state.connections[id] = fd
            if configuration.maxConnections != nil { state.awaitingHead[id] = ContinuousClock.now }
            return .admitted
        }
    }

    /// Answers 503 without reading anything and closes; never blocks the accept thread.
    private static func refuse(_ fd: Int32) {
        let reply = Array("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8)
        _ = reply.withUnsafeBytes { SystemCall.send(fd, $0.baseAddress, $0.count, flags: Int32(MSG_DONTWAIT)) }
        close(fd)
    }

    // MARK: - Lifecycle

    func start() throws(LocalHTTPServerError) {
        // A `Result`, not a typed-throws closure: passing one to PlainLock's `rethrows` crashes
        // the Swift 6.3 compiler.
        let started = state.withLock { state -> Result<Int32, LocalHTTPServerError> in
            guard !state.isStarted, !state.isStopped else {
                return .failure(LocalHTTPServerError(kind: .invalidState, message: "the server was already started"))
            }
            do throws(LocalHTTPServerError) {
                let (fd, port) = try SocketAddress.listen(host: configuration.host, port: configuration.port)
                state.listenerFD = fd
                state.isStarted = true
                boundPort.store(port, ordering: .releasing)
                return .success(fd)
            } catch {
                return .failure(error)
            }
        }
        let listenerFD = try started.get()
        let thread = Thread { [self] in acceptLoop(listenerFD: listenerFD) }
        thread.name = "LocalHTTPServer.accept"
        thread.start()
    }

    /// Closes the listener and wakes every connection so its thread closes it. Idempotent.
    func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            if state.listenerFD >= 0 {
                // Wakes the blocked accept(); the accept thread closes the descriptor.
                _ = shutdown(state.listenerFD, Int32(SHUT_RDWR))
            }
            for fd in state.connections.values {
                _ = shutdown(fd, Int32(SHUT_RDWR))
            }
        }
    }

    var isStopped: Bool { state.withLock { $0.isStopped } }

    // MARK: - Accepting

    private func acceptLoop(listenerFD: Int32) {
        defer { close(listenerFD) }
        while true {
            let fd = accept(listenerFD, nil, nil)
            if fd < 0 {
                let code = errno
                if isStopped { return }
                switch code {
                case EINTR, ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: back off instead of spinning; existing connections will free some.
                    usleep(10_000)
                    continue
                default:
                    return
                }
            }
            // Child processes must not inherit client sockets (accept4 is not exported to Swift).
            SystemCall.prepareAcceptedSocket(fd)
            let id = nextConnectionID.wrappingAdd(1, ordering: .relaxed).oldValue
            switch admit(id: id, fd: fd) {
            case .admitted:
                break
            case .refused:
                Self.refuse(fd)
                continue
            case .stopped:
                close(fd)
                return
            }
            connectionsAccepted.wrappingAdd(1, ordering: .relaxed)
            let thread = Thread { [self] in
                let socket = SocketConnection(fd: fd)
                let connection = HTTPConnection(socket: socket, id: id, core: self)
                connection.run()
                // Unregister before the descriptor is closed, so stop() never shuts down a reused number.
                state.withLock { state in
                    state.connections[id] = nil
                    state.awaitingHead[id] = nil
                    state.evicted.remove(id)
                }
                socket.lingeringClose()
            }
            thread.name = "LocalHTTPServer.connection"
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }
}
