import Foundation
import GoogleBase
import GoogleHTTPTypes
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SaturatedListener

/// A loopback listening socket whose accept queue is full and never drained, so further connection
/// attempts get no answer to their SYN and hang in connect, without leaving 127.0.0.1.
final class SaturatedListener: @unchecked Sendable {
    let port: Int
    private var descriptors: [Int32] = []

    init() throws {
        let (listener, port) = try LoopbackSocket.listen(backlog: 0)
        descriptors.append(listener)
        self.port = port
        var address = LoopbackSocket.address(port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        // Linux queues backlog + 1 completed connections; fill the queue (with margin).
        for index in 0..<4 {
            let client = socket(AF_INET, SystemCall.streamSocketType, 0)
            guard client >= 0 else { break }
            // Non-blocking, so a connect that gets no answer returns at once.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            descriptors.append(client)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
            }
            // The queue is full only once the first handshake has completed; on a loaded machine
            // that can take longer than any fixed pause, and a test's connection would take the
            // free place (and be accepted by the kernel) instead of hanging.
            if index == 0 { try Self.waitUntilConnected(client) }
        }
    }

    /// Waits (up to a minute) until the non-blocking `client` has finished connecting.
    private static func waitUntilConnected(_ client: Int32) throws {
        var descriptor = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
        guard poll(&descriptor, 1, 60_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(client, SOL_SOCKET, SO_ERROR, &error, &size) == 0, error == 0 else {
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }
    }
}
