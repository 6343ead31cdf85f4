import Foundation
import GoogleBase
import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LoopbackSocket

/// The socket calls test servers and clients on 127.0.0.1 share: a listener on a free port, a
/// blocking connect, the address of a port.
public enum LoopbackSocket {
    /// `127.0.0.1:port` as a socket address.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A socket listening on 127.0.0.1 and a port the system chose.
    /// - Parameter backlog: `listen(2)`'s backlog.
    /// - Returns: The listening descriptor (the caller closes it) and its port.
    /// - Throws: `POSIXError` when no socket is available or it cannot listen.
    public static func listen(backlog: Int32) throws -> (descriptor: Int32, port: Int) {
        let listener = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && SystemCall.listen(listener, backlog) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket connected to 127.0.0.1:`port` (blocking), or `nil` when the connection failed.
    public static func connect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard descriptor >= 0 else { return nil }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                SystemCall.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
