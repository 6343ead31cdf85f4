import Foundation

// MARK: - BodyReadError

/// Why reading a request body failed.
enum BodyReadError: Error, Equatable {
    /// Chunked framing was invalid (RFC 9112 §7.1).
    case malformedChunkedEncoding(String)
    /// The connection closed, timed out or failed before the body ended.
    case socket(SocketError)
}

// MARK: - RequestBodyReader

/// Reads one request body from a connection, undoing Content-Length or chunked framing.
///
/// Used by the connection thread only. Returns the payload in pieces so large bodies never have to
/// be held whole; trailer fields of chunked bodies are read and ignored.
final class RequestBodyReader {
    enum Framing: Equatable {
        case none
        case length(Int64)
        case chunked
    }

    private enum State {
        case fixed(remaining: Int64)
        case chunkSizeLine
        case chunkData(remaining: Int64)
        case chunkDataEnd
        case trailers(bytesSeen: Int)
        case done
    }

    private let socket: SocketConnection
    private let readTimeout: Duration
    private let maxLineBytes: Int
    private var state: State
    /// Payload bytes returned so far.
    private(set) var payloadBytesRead: Int64 = 0

    init(socket: SocketConnection, framing: Framing, readTimeout: Duration, maxLineBytes: Int) {
        self.socket = socket
        self.readTimeout = readTimeout
        self.maxLineBytes = maxLineBytes
        switch framing {
        case .none: self.state = .done
        case .length(let length): self.state = length > 0 ? .fixed(remaining: length) : .done
        case .chunked: self.state = .chunkSizeLine
        }
    }

    var isComplete: Bool {
        if case .done = state { return true }
        return false
    }

    /// The next piece of payload (at most `maxCount` bytes), or `nil` once the body has ended.
    func next(maxCount: Int = 256 * 1024) throws(BodyReadError) -> Data? {
        while true {
            switch state {
            case .done:
                return nil
            case .fixed(let remaining):
                let piece = try readPayload(limit: remaining, maxCount: maxCount)
                state = remaining - Int64(piece.count) == 0 ? .done : .fixed(remaining: remaining - Int64(piece.count))
                return piece
            case .chunkData(let remaining):
                let piece = try readPayload(limit: remaining, maxCount: maxCount)
                let left = remaining - Int64(piece.count)
                state = left == 0 ? .chunkDataEnd : .chunkData(remaining: left)
                return piece
            case .chunkSizeLine:
                let line = try readLine()
                let size = try Self.parseChunkSize(line)
                state = size == 0 ? .trailers(bytesSeen: 0) : .chunkData(remaining: size)
            case .chunkDataEnd:
                let line = try readLine()
                guard line.isEmpty else { throw .malformedChunkedEncoding("chunk data not followed by CRLF") }
                state = .chunkSizeLine
            case .trailers(let seen):
                let line = try readLine()
                if line.isEmpty {
                    state = .done
                } else {
                    let total = seen + line.count + 2
                    guard total <= maxLineBytes else { throw .malformedChunkedEncoding("trailer section too large") }
                    state = .trailers(bytesSeen: total)
                }
            }
        }
    }

    /// Reads and discards the rest of the body.
    /// - Parameter limit: Gives up (returns `false`) after this many bytes, so a huge unread upload
    ///   closes the connection instead of being drained.
    func drain(limit: Int64) -> Bool {
        var drained: Int64 = 0
        do {
            while let piece = try next() {
                drained += Int64(piece.count)
                if drained > limit { return false }
            }
            return true
        } catch {
            return false
        }
    }

    // MARK: - Pieces

    private func readPayload(limit: Int64, maxCount: Int) throws(BodyReadError) -> Data {
        if socket.bufferedCount == 0 {
            do {
                try socket.fill(timeout: readTimeout)
            } catch {
                throw .socket(error)
            }
        }
        let count = Int(min(Int64(min(maxCount, socket.bufferedCount)), limit))
        let piece = socket.withBufferedBytes { Data(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        socket.skip(count)
        payloadBytesRead += Int64(count)
        return piece
    }

    private func readLine() throws(BodyReadError) -> [UInt8] {
        while true {
            let found: [UInt8]? = socket.withBufferedBytes { bytes in
                guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
                var end = newline
                if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
                return Array(bytes[0..<end])
            }
            if let found {
                let consumed = socket.withBufferedBytes { $0.firstIndex(of: 0x0A) ?? 0 } + 1
                socket.skip(consumed)
                return found
            }
            guard socket.bufferedCount <= maxLineBytes else {
                throw .malformedChunkedEncoding("line too long")
            }
            do {
                try socket.fill(timeout: readTimeout)
            } catch {
                throw .socket(error)
            }
        }
    }

    /// `chunk-size [ chunk-ext ]`: hexadecimal, extensions ignored.
    static func parseChunkSize(_ line: [UInt8]) throws(BodyReadError) -> Int64 {
        var size: Int64 = 0
        var digits = 0
        for byte in line {
            let value: Int64
            switch byte {
            case 0x30...0x39: value = Int64(byte - 0x30)
            case 0x41...0x46: value = Int64(byte - 0x41 + 10)
            case 0x61...0x66: value = Int64(byte - 0x61 + 10)
            case 0x3B, 0x20, 0x09:
                guard digits > 0 else { throw .malformedChunkedEncoding("missing chunk size") }
                return size
            default:
                throw .malformedChunkedEncoding("invalid chunk size")
            }
            digits += 1
            guard digits <= 15 else { throw .malformedChunkedEncoding("chunk size too large") }
            size = size * 16 + value
        }
        guard digits > 0 else { throw .malformedChunkedEncoding("missing chunk size") }
        return size
    }
}
