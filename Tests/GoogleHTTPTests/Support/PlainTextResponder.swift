import Foundation
import GoogleHTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GoogleBase

// MARK: - PlainTextResponder

/// A loopback listener that answers whatever arrives with a plain-text HTTP error and closes, the
/// way an HTTP server answers a TLS ClientHello. One connection, then it stops.
final class PlainTextResponder: @unchecked Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        let listener = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(connection, &buffer, buffer.count)
            let reply = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = write(connection, reply, reply.count)
            close(connection)
        }.start()
    }

    deinit {
        // Unblocks a pending accept, if any, and releases the port.
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
