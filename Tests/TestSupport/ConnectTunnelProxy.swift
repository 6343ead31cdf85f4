import Foundation
import GoogleBase
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ConnectTunnelProxy

/// A loopback HTTPS proxy that works: it answers `CONNECT 127.0.0.1:<port>` with 200 and relays
/// bytes both ways until either side closes, as a corporate proxy does (with no inspection).
/// Only loopback targets are tunnelled; anything else is answered 403. Counts the tunnels.
public final class ConnectTunnelProxy: Sendable {
    private let responder: RawResponder
    private let tunnels = Tally()

    /// Counts across the connections' threads.
    private final class Tally: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    public init() throws {
        let tunnels = self.tunnels
        responder = try RawResponder { connection in
            let line = connection.requestHead.split(separator: "\r\n").first.map(String.init) ?? ""
            let parts = line.split(separator: " ")
            guard parts.count >= 2, parts[0] == "CONNECT", parts[1].hasPrefix("127.0.0.1:"),
                let port = Int(parts[1].dropFirst("127.0.0.1:".count)), let upstream = LoopbackSocket.connect(port: port)
            else {
                connection.send("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n")
                return
            }
            tunnels.add()
            defer { _ = SystemCall.close(upstream) }
            connection.send("HTTP/1.1 200 Connection established\r\n\r\n")
            let done = DispatchSemaphore(value: 0)
            Thread {
                Self.relay(from: upstream, to: connection.fd)
                shutdown(connection.fd, Int32(SHUT_RDWR))
                done.signal()
            }.start()
            Self.relay(from: connection.fd, to: upstream)
            shutdown(upstream, Int32(SHUT_RDWR))
            done.wait()
        }
    }

    /// The port it listens on (127.0.0.1).
    public var port: Int { responder.port }
    /// How many tunnels were opened.
    public var tunnelCount: Int { tunnels.value }

    /// Copies bytes until `source` ends or `destination` refuses them.
    private static func relay(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(source, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { SystemCall.send(destination, $0.baseAddress! + offset, count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
