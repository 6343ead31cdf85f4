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

/// A blocking TCP client for sending exact bytes (including malformed ones) to the server.
final class RawSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 60) throws {
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

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { SystemCall.send(fd, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw Failure(description: "send failed: \(errno)") }
            offset += sent
        }
    }

    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// Reads more bytes; `false` at EOF or error/timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Everything until the server closes the connection.
    func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server closes the connection (EOF or reset) within `seconds`, sending nothing more.
    func isClosedByPeer(within seconds: Int = 5) -> Bool {
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

    // MARK: - Responses

    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Reads one response (1xx interim responses are returned too).
    func readResponse(forHead: Bool = false) throws -> Response {
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
}
