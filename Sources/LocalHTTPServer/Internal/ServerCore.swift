import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
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
    }

    let configuration: LocalHTTPServer.Configuration
    let handler: HTTPServerHandler
    private let state = Mutex(State())
    let connectionsAccepted = Atomic<Int>(0)
    let requestsHandled = Atomic<Int>(0)
    private let nextConnectionID = Atomic<Int>(1)
    private let boundPort = Atomic<Int>(0)

    init(configuration: LocalHTTPServer.Configuration, handler: @escaping HTTPServerHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    var port: Int { boundPort.load(ordering: .acquiring) }

    var openConnectionCount: Int { state.withLock { $0.connections.count } }

    // MARK: - Lifecycle

    func start() throws(LocalHTTPServerError) {
        try state.withLock { state throws(LocalHTTPServerError) in
            guard !state.isStarted, !state.isStopped else {
                throw LocalHTTPServerError(kind: .invalidState, message: "the server was already started")
            }
            let (fd, port) = try SocketAddress.listen(host: configuration.host, port: configuration.port)
            state.listenerFD = fd
            state.isStarted = true
            boundPort.store(port, ordering: .releasing)
        }
        let listenerFD = state.withLock { $0.listenerFD }
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
            // accept4 is not exported to Swift; child processes must not inherit client sockets.
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            let id = nextConnectionID.wrappingAdd(1, ordering: .relaxed).oldValue
            let registered = state.withLock { state -> Bool in
                guard !state.isStopped else { return false }
                state.connections[id] = fd
                return true
            }
            guard registered else {
                close(fd)
                return
            }
            connectionsAccepted.wrappingAdd(1, ordering: .relaxed)
            let thread = Thread { [self] in
                let socket = SocketConnection(fd: fd)
                let connection = HTTPConnection(socket: socket, id: id, core: self)
                connection.run()
                // Unregister before the descriptor is closed, so stop() never shuts down a reused number.
                state.withLock { _ = $0.connections.removeValue(forKey: id) }
                socket.lingeringClose()
            }
            thread.name = "LocalHTTPServer.connection"
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }
}
