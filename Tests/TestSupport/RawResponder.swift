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
                    socketSend(fd, buffer.baseAddress! + offset, buffer.count - offset)
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
    }

    public let port: Int
    private let listener: Int32

    /// - Parameter respond: Writes the response; runs once per connection, on its own thread.
    public init(respond: @escaping @Sendable (Connection) -> Void) throws {
        let listener = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard ready else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                Thread {
                    let head = Self.readHead(connection)
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

/// `send(2)` without SIGPIPE when the client has gone (outside the class, whose `send` shadows it).
private func socketSend(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if os(Linux)
    send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    send(fd, bytes, count, 0)
    #endif
}
