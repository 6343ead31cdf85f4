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

// MARK: - RawResponder

/// A loopback HTTP "server" that answers every connection with bytes a test writes itself: the
/// hostile and broken responses no well-behaved server library produces (conflicting
/// `Content-Length`s, header floods, endless or bomb bodies). Each connection's request head is
/// read, then `respond` runs on that connection's own thread until it returns or the client
/// goes away; the connection is then closed.
public final class RawResponder: @unchecked Sendable {
    /// One accepted connection, for `respond` to write to.
    public final class Connection: @unchecked Sendable {
        let fd: Int32
        /// The request head as received (up to the blank line).
        public let requestHead: String

        init(fd: Int32, requestHead: String) {
            self.fd = fd
            self.requestHead = requestHead
        }

        /// Writes all of `bytes`; `false` once the client has closed the connection.
        @discardableResult
        public func send(_ bytes: some Collection<UInt8>) -> Bool {
            let array = Array(bytes)
            var offset = 0
            while offset < array.count {
                let written = array.withUnsafeBytes { buffer in
                    SystemCall.send(fd, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }

        @discardableResult
        public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

        /// Answers nothing: reads and drops what the client sends until it closes the connection
        /// (a server that accepted and went silent).
        public func waitForClientToClose() {
            var buffer = [UInt8](repeating: 0, count: 1024)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count > 0 { continue }
                if count < 0 && errno == EINTR { continue }
                return
            }
        }
    }

    public let port: Int
    private let listener: Int32

    /// What is read from a connection before `respond` runs.
    public enum RequestReading: Sendable {
        /// The request head, up to the blank line (what an HTTP client sends first).
        case head
        /// Whatever one read returns (a TLS ClientHello, which has no blank line to wait for).
        case firstChunk
    }

    /// - Parameters:
    ///   - reading: What to read before responding (the request head by default).
    ///   - respond: Writes the response; runs once per connection, on its own thread.
    public init(reading: RequestReading = .head, respond: @escaping @Sendable (Connection) -> Void) throws {
        let (listener, port) = try LoopbackSocket.listen(backlog: 16)
        self.listener = listener
        self.port = port
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                SystemCall.prepareAcceptedSocket(connection)
                Thread {
                    let head = reading == .head ? Self.readHead(connection) : Self.readChunk(connection)
                    respond(Connection(fd: connection, requestHead: head))
                    shutdown(connection, Int32(SHUT_RDWR))
                    close(connection)
                }.start()
            }
        }.start()
    }

    deinit {
        // Unblocks the pending accept and releases the port.
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    private static func readChunk(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fd, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    }

    private static func readHead(_ fd: Int32) -> String {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while received.count < 64 << 10 {
            let count = read(fd, &byte, 1)
            if count <= 0 { break }
            received.append(byte)
            if received.count >= 4, received.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }
}
