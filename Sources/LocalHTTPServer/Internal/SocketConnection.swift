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

// MARK: - SocketConnection

/// A blocking socket owned by exactly one connection thread, with a read buffer.
///
/// Not thread-safe by design: only the connection's own thread touches it. Other threads may only
/// call `shutdown(2)` on the descriptor (through the server's registry) to wake it up.
final class SocketConnection {
    let fd: Int32
    /// Buffered bytes not yet consumed are `buffer[readIndex..<writeIndex]`.
    private(set) var buffer: [UInt8]
    private(set) var readIndex = 0
    private(set) var writeIndex = 0
    private var isClosed = false

    init(fd: Int32, bufferSize: Int = 64 * 1024) {
        self.fd = fd
        self.buffer = [UInt8](repeating: 0, count: bufferSize)
        var one: Int32 = 1
        // Small responses go out in one write; without this Nagle + delayed ACK adds ~40 ms stalls.
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit {
        close()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = SystemCall.close(fd)
    }

    /// Closes gracefully: sends FIN, then reads and discards what the client is still sending for
    /// a moment, so the kernel does not answer those bytes with a reset that could destroy the
    /// response before the client reads it (RFC 9112 §9.6).
    func lingeringClose(maxDuration: Duration = .seconds(2), idleTimeout: Int32 = 100, maxBytes: Int = 16 << 20) {
        guard !isClosed else { return }
        _ = shutdown(fd, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + maxDuration
        var discarded = 0
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while ContinuousClock.now < deadline && discarded < maxBytes {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, idleTimeout)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            discarded += count
        }
        close()
    }

    // MARK: - Reading

    var bufferedCount: Int { writeIndex - readIndex }

    /// Reads more bytes into the buffer, waiting at most `timeout`.
    /// - Returns: the number of bytes added (always > 0).
    /// - Throws: ``SocketError`` on EOF, timeout or failure.
    @discardableResult
    func fill(timeout: Duration) throws(SocketError) -> Int {
        compactIfNeeded()
        if writeIndex == buffer.count {
            buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
        }
        try waitReadable(timeout: timeout)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                recv(fd, raw.baseAddress! + writeIndex, raw.count - writeIndex, 0)
            }
            if count > 0 {
                writeIndex += count
                return count
            }
            if count == 0 { throw .closed }
            let code = errno
            if code == EINTR { continue }
            if code == ECONNRESET || code == EPIPE || code == ENOTCONN { throw .closed }
            if code == EAGAIN || code == EWOULDBLOCK { throw .timedOut }
            throw .failed(code)
        }
    }

    /// Removes and returns up to `maxCount` buffered bytes.
    func consume(upTo maxCount: Int) -> [UInt8] {
        let count = min(maxCount, bufferedCount)
        let bytes = Array(buffer[readIndex..<(readIndex + count)])
        readIndex += count
        return bytes
    }

    /// Drops `count` buffered bytes (must be ≤ `bufferedCount`).
    func skip(_ count: Int) {
        readIndex += min(count, bufferedCount)
    }

    /// Calls `body` with the buffered, unconsumed bytes.
    func withBufferedBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try buffer.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[readIndex..<writeIndex]))
        }
    }

    private func compactIfNeeded() {
        if readIndex == writeIndex {
            readIndex = 0
            writeIndex = 0
        } else if readIndex > 0 && writeIndex == buffer.count {
            let remaining = writeIndex - readIndex
            buffer.withUnsafeMutableBytes { raw in
                let base = raw.baseAddress!
                memmove(base, base + readIndex, remaining)
            }
            readIndex = 0
            writeIndex = remaining
        }
    }

    private func waitReadable(timeout: Duration) throws(SocketError) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { throw .timedOut }
            // Saturating: a timeout of `Duration.seconds(Int64.max)` overflowed `seconds * 1000`
            // (a trap in the connection's thread); poll takes at most Int32.max milliseconds anyway.
            let (seconds, attoseconds) = remaining.components
            let millis = seconds >= Int64(Int32.max / 1000) ? Int32.max : Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, millis)
            if ready > 0 { return }
            if ready == 0 { continue }
            if errno == EINTR { continue }
            throw .failed(errno)
        }
    }

    // MARK: - Writing

    /// Writes every byte or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(SocketError) {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let sent = SystemCall.send(fd, pointer, remaining)
            if sent > 0 {
                pointer += sent
                remaining -= sent
                continue
            }
            let code = errno
            if sent < 0 && code == EINTR { continue }
            if code == EPIPE || code == ECONNRESET || code == ENOTCONN || sent == 0 { throw .closed }
            throw .failed(code)
        }
    }

    func write(_ data: Data) throws(SocketError) {
        do {
            try data.withUnsafeBytes { raw in try write(raw) }
        } catch let error as SocketError {
            throw error
        } catch {
            throw .failed(EIO)
        }
    }

    func write(_ bytes: [UInt8]) throws(SocketError) {
        do {
            try bytes.withUnsafeBytes { raw in try write(raw) }
        } catch let error as SocketError {
            throw error
        } catch {
            throw .failed(EIO)
        }
    }

    func write(_ string: String) throws(SocketError) {
        try write(Array(string.utf8))
    }
}
