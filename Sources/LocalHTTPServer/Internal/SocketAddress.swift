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

// MARK: - SocketAddress

/// Numeric address parsing and listening-socket setup, kept apart from the server's logic.
enum SocketAddress {
    static func isIPv4Literal(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    static func isIPv6Literal(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    /// Creates, binds and listens; returns the descriptor and the bound port.
    static func listen(host: LocalHTTPServer.Configuration.Host, port: Int, backlog: Int32 = 1024)
        throws(LocalHTTPServerError) -> (fd: Int32, port: Int)
    {
        guard (0...65535).contains(port) else {
            throw LocalHTTPServerError(kind: .invalidPort, message: "port \(port) is outside 0...65535")
        }
        let domain = host.family == .ipv4 ? AF_INET : AF_INET6
        let fd = SystemCall.streamSocket(domain: domain)
        guard fd >= 0 else {
            throw LocalHTTPServerError(kind: .socketCreationFailed, errno: errno, message: "socket() failed")
        }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))

        let bindResult: Int32
        switch host.family {
        case .ipv4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET, host.address, &address.sin_addr)
            bindResult = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6:
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            _ = inet_pton(AF_INET6, host.address, &address.sin6_addr)
            bindResult = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard bindResult == 0 else {
            let code = errno
            close(fd)
            throw LocalHTTPServerError(kind: .bindFailed, errno: code, message: "cannot bind \(host.urlHost):\(port)")
        }
        guard SystemCall.listen(fd, backlog) == 0 else {
            let code = errno
            close(fd)
            throw LocalHTTPServerError(kind: .listenFailed, errno: code, message: "listen() failed")
        }
        return (fd, boundPort(fd) ?? port)
    }

    private static func boundPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        default:
            return nil
        }
    }
}
