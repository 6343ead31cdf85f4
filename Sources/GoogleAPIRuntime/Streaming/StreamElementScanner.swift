import Foundation

// MARK: - StreamElementScanner

/// Cuts a streamed response body into complete elements as its bytes arrive.
///
/// Memory is bounded: bytes are kept only until the element they belong to is complete, and an
/// element growing past the limit fails at once instead of being buffered. Each scanner reports
/// offsets into the body it is reading; one is made per connection.
protocol StreamElementScanner: Sendable {
    /// Adds the next bytes of the body.
    mutating func append(_ chunk: Data)
    /// The next complete element's bytes, or `nil` when more bytes are needed.
    /// - Throws: ``ServerStreamError`` for bytes the framing does not allow or an oversized element.
    mutating func nextElement() throws(ServerStreamError) -> Data?
    /// Offset in the body of the element ``nextElement()`` returned last.
    var elementOffset: Int64 { get }
    /// Whether the body, ending here, ended where the framing allows (a closed JSON array).
    var isAtCleanEnd: Bool { get }
    /// Whether an end of body here means the stream is finished (a JSON array's `]`), rather than
    /// merely closed (server-sent events have no end marker).
    var hasEndMarker: Bool { get }
}

extension ServerStreamFraming {
    /// A scanner for one response body in this framing.
    func makeScanner(maxElementBytes: Int) -> any StreamElementScanner {
        switch self {
        case .jsonArray: JSONArrayElementScanner(maxElementBytes: maxElementBytes)
        case .serverSentEvents: ServerSentEventScanner(maxElementBytes: maxElementBytes)
        }
    }
}

// MARK: - Byte helpers

extension UInt8 {
    /// JSON's insignificant whitespace (space, tab, LF, CR).
    var isJSONWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }
}
