import Foundation

// MARK: - ServerSentEventScanner

/// Splits a server-sent event stream (`alt=sse`) into the `data` of its events.
///
/// Lines end with LF, CRLF or CR (a CR that ends one chunk and an LF that starts the next are one
/// line end). `data:` lines accumulate (joined by LF, one leading space dropped), a blank line
/// ends the event, `:` starts a comment (a keep-alive), and `event`, `id` and `retry` are read
/// and ignored. Any other line is a ``ServerStreamError/Code/malformedFraming`` error: the
/// EventSource rules would skip it, but from a Google API it means something other than the
/// stream is talking (an HTML error page, a proxy).
struct ServerSentEventScanner: StreamElementScanner {
    private let maxElementBytes: Int
    private var buffer: [UInt8] = []
    /// Start of the line not yet read.
    private var position = 0
    /// Where the search for the current line's end resumes (bytes before it hold none).
    private var searchFrom = 0
    /// The current event's data so far.
    private var data: [UInt8] = []
    private var hasData = false
    /// The previous line ended with a CR at the end of a chunk: a leading LF belongs to it.
    private var skipLeadingLF = false
    private var dropped: Int64 = 0
    private var atStart = true
    private(set) var elementOffset: Int64 = 0

    init(maxElementBytes: Int) {
        self.maxElementBytes = maxElementBytes
    }

    var isAtCleanEnd: Bool { true }
    var hasEndMarker: Bool { false }

    mutating func append(_ chunk: Data) {
        if position > 0 {
            buffer.removeFirst(position)
            dropped += Int64(position)
            searchFrom -= position
            position = 0
        }
        buffer.append(contentsOf: chunk)
        if atStart, buffer.count >= 3 {
            atStart = false
            // A UTF-8 byte order mark may start the stream.
            if buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { position = 3 }
        }
    }

    mutating func nextElement() throws(ServerStreamError) -> Data? {
        while true {
            if skipLeadingLF, position < buffer.count {
                skipLeadingLF = false
                if buffer[position] == 0x0A { position += 1 }
            }
            searchFrom = max(searchFrom, position)
            guard let end = buffer[searchFrom...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
                searchFrom = buffer.count
                if data.count + (buffer.count - position) > maxElementBytes { throw tooLarge() }
                return nil
            }
            let line = buffer[position..<end]
            let lineOffset = dropped + Int64(position)
            if buffer[end] == 0x0D {
                if end + 1 < buffer.count {
                    position = buffer[end + 1] == 0x0A ? end + 2 : end + 1
                } else {
                    position = end + 1
                    skipLeadingLF = true
                }
            } else {
                position = end + 1
            }
            if let event = try take(line, at: lineOffset) { return event }
        }
    }

    /// Applies one line; returns the event's data when the line ends an event.
    private mutating func take(_ line: ArraySlice<UInt8>, at offset: Int64) throws(ServerStreamError) -> Data? {
        if line.isEmpty {
            guard hasData else { return nil }
            defer {
                data.removeAll(keepingCapacity: data.count <= 64 << 10)
                hasData = false
            }
            return Data(data)
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = line[line.startIndex..<colon]
        var value = colon < line.endIndex ? line[(colon + 1)...] : line[line.endIndex...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch String(decoding: field, as: UTF8.self) {
        case "data":
            if hasData { data.append(0x0A) } else { elementOffset = offset }
            data.append(contentsOf: value)
            hasData = true
            if data.count > maxElementBytes { throw tooLarge() }
        case "event", "id", "retry":
            break
        default:
            throw ServerStreamError(
                code: .malformedFraming, framing: .serverSentEvents, byteOffset: offset, bytes: line,
                detail: "expected a 'data:' line, a ':' comment or a blank line")
        }
        return nil
    }

    private func tooLarge() -> ServerStreamError {
        ServerStreamError(
            code: .elementTooLarge, framing: .serverSentEvents, byteOffset: dropped + Int64(position),
            bytes: data.isEmpty
                ? Array(buffer[position...].prefix(ServerStreamError.excerptLimit)) : Array(data.prefix(ServerStreamError.excerptLimit)),
            detail: "an event is larger than the limit of \(maxElementBytes) bytes")
    }
}
