import Foundation
import GoogleHTTPTypes
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - RawSocket

/// Sends arbitrary bytes to 127.0.0.1:port and reads until the peer closes or a short timeout, to
/// feed malformed requests to listeners.
enum RawSocket {
    /// Runs the blocking exchange on its own thread so the cooperative pool (which the server's
    /// handlers need) is never blocked.
    static func exchange(port: Int, bytes: [UInt8], readTimeoutSeconds: Int = 10) async -> Data? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: blockingExchange(port: port, bytes: bytes, readTimeoutSeconds: readTimeoutSeconds))
            }
            thread.start()
        }
    }

    static func blockingExchange(port: Int, bytes: [UInt8], readTimeoutSeconds: Int = 10) -> Data? {
        let fd = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var timeout = timeval(tv_sec: readTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { SystemCall.send(fd, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
        shutdown(fd, Int32(SHUT_WR))
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }
}
