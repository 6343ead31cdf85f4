import Foundation
import GoogleBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - NotificationPoster

/// POSTs an empty-bodied notification to a loopback webhook with plain blocking sockets (the
/// emulator has no HTTP client, and a channel's address is always on this machine). Runs on the
/// channel's own dispatch queue, never on a cooperative thread.
enum NotificationPoster {
    /// A loopback `http` address a channel may deliver to: `127.0.0.1`, `localhost` or `[::1]`.
    struct Address: Sendable {
        var ipv6: Bool
        var port: UInt16
        var target: String
        var hostHeader: String

        init?(_ text: String) {
            guard let url = URL(string: text), url.scheme?.lowercased() == "http", let host = url.host?.lowercased(),
                let port = url.port, (1...65_535).contains(port)
            else { return nil }
            switch host {
            case "127.0.0.1", "localhost": ipv6 = false
            case "::1", "[::1]": ipv6 = true
            default: return nil
            }
            self.port = UInt16(port)
            var target = url.path.isEmpty ? "/" : url.path
            if let query = url.query { target += "?" + query }
            // Request-line safety: no spaces or line breaks.
            guard !target.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else { return nil }
            self.target = target
            self.hostHeader = ipv6 ? "[::1]:\(port)" : "127.0.0.1:\(port)"
        }
    }

    /// Sends the request and returns the response status, or `nil` when nothing usable came back
    /// within `timeout` seconds.
    static func post(to address: Address, headers: [(String, String)], timeout: Int = 5) -> Int? {
        let fd = SystemCall.streamSocket(domain: address.ipv6 ? AF_INET6 : AF_INET)
        guard fd >= 0 else { return nil }
        defer { _ = SystemCall.close(fd) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard connect(fd, address) else { return nil }
        var request = "POST \(address.target) HTTP/1.1\r\nHost: \(address.hostHeader)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request +=
            "Content-Length: 0\r\nConnection: close\r\nUser-Agent: APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)\r\n\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { SystemCall.send(fd, $0.baseAddress, $0.count) }
            guard written > 0 else { return nil }
            sent += written
        }
        // Only the status line matters: `HTTP/1.1 200 OK`.
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while response.count < 4096, !response.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            response += buffer[0..<count]
        }
        let line = String(decoding: response.prefix { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/") else { return nil }
        return Int(words[1])
    }

    private static func connect(_ fd: Int32, _ address: Address) -> Bool {
        if address.ipv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = address.port.bigEndian
            socketAddress.sin6_addr = in6addr_loopback
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    SystemCall.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
                }
            }
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = address.port.bigEndian
        socketAddress.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                SystemCall.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
