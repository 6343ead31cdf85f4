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

// MARK: - RawSocket

/// A blocking TCP client on 127.0.0.1 for sending exact bytes (malformed ones too) to a server
/// and reading exactly what comes back, the way a misbehaving local process would.
///
/// Every call blocks its thread: use it from a thread of its own (``exchange(port:bytes:readTimeoutSeconds:)``
/// does), never from a task on the cooperative pool, whose few threads the servers' handlers may need.
public final class RawSocket {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`.
    /// - Parameter timeoutSeconds: The longest a single read waits for data.
    /// - Throws: ``Failure`` when the connection is refused or no socket is available.
    public init(port: Int, timeoutSeconds: Int = 60) throws {
        // The descriptor is stored only once connected: if `self` were fully initialised when the
        // initialiser throws, deinit would close it a second time, and that number may already
        // belong to another test's socket (a parallel test's listener then reports port 0).
        let descriptor = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "connect failed: \(code)")
        }
        fd = descriptor
    }

    deinit {
        close(fd)
    }

    // MARK: - Sending

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { SystemCall.send(fd, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw Failure(description: "send failed: \(errno)") }
            offset += sent
        }
    }

    /// Tells the server nothing more will come (a half-close).
    public func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    // MARK: - Reading

    /// Reads more bytes; `false` at EOF or error/timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Everything until the server closes the connection (or a read times out).
    public func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// The first `count` bytes that come back, fewer if the connection ends (or a read times out) first.
    public func readPrefix(_ count: Int) -> [UInt8] {
        while buffer.count < count, fill() {}
        defer { buffer.removeAll() }
        return Array(buffer.prefix(count))
    }

    /// Whether the server closes the connection (EOF or reset) within `seconds`, sending nothing more.
    public func isClosedByPeer(within seconds: Int = 5) -> Bool {
        guard buffer.isEmpty else { return false }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 && errno == ECONNRESET { return true }
        if count > 0 { buffer.append(byte) }
        return false
    }

    /// Whether the server has sent something (or closed), without blocking.
    public func hasPendingInput() -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    // MARK: - Responses

    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Reads one response (1xx interim responses are returned too).
    /// - Parameter forHead: The response answers a HEAD request, so it has no body.
    public func readResponse(forHead: Bool = false) throws -> Response {
        let headEnd = try readUntil([13, 10, 13, 10])
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line") }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        if forHead || (100..<200).contains(status) || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                let lineEnd = try readUntil([13, 10])
                let sizeText = String(decoding: buffer[0..<lineEnd], as: UTF8.self)
                buffer.removeFirst(lineEnd + 2)
                guard let size = Int(sizeText, radix: 16) else { throw Failure(description: "bad chunk size") }
                if size == 0 {
                    _ = try readUntil([13, 10])
                    buffer.removeFirst(2)
                    break
                }
                try readCount(size + 2)
                response.body.append(contentsOf: buffer[0..<size])
                buffer.removeFirst(size + 2)
            }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            try readCount(length)
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            response.body = readToEnd()
        }
        return response
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if buffer.count >= marker.count {
                for index in 0...(buffer.count - marker.count) where Array(buffer[index..<(index + marker.count)]) == marker {
                    return index
                }
            }
            guard fill() else { throw Failure(description: "connection ended before \(marker)") }
        }
    }

    private func readCount(_ count: Int) throws {
        while buffer.count < count {
            guard fill() else { throw Failure(description: "connection ended after \(buffer.count) of \(count) bytes") }
        }
    }

    // MARK: - One exchange

    /// Connects, sends `bytes`, half-closes and reads until the server closes or a read times out,
    /// on a thread of its own (the cooperative pool is never blocked).
    /// - Returns: What came back, or `nil` when the connection was refused.
    public static func exchange(port: Int, bytes: [UInt8], readTimeoutSeconds: Int = 10) async -> Data? {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: blockingExchange(port: port, bytes: bytes, readTimeoutSeconds: readTimeoutSeconds))
            }
            thread.start()
        }
    }

    /// ``exchange(port:bytes:readTimeoutSeconds:)`` on the calling thread.
    public static func blockingExchange(port: Int, bytes: [UInt8], readTimeoutSeconds: Int = 10) -> Data? {
        guard let socket = try? RawSocket(port: port, timeoutSeconds: readTimeoutSeconds) else { return nil }
        // A server may close before taking everything (an oversized head): read what it answered.
        try? socket.send(bytes)
        socket.shutdownWrite()
        return Data(socket.readToEnd())
    }
}
