import Foundation

// MARK: - JSONArrayElementScanner

/// Splits one incrementally written JSON array (`[{…},{…}]`, any JSON whitespace between) into
/// its elements without parsing them: it follows strings, escapes and nesting depth only, and
/// leaves validating an element to the decoder.
///
/// Elements must be objects or arrays (what a streamed RPC sends); anything else where an element
/// or a separator belongs is a ``ServerStreamError/Code/malformedFraming`` error naming what came.
struct JSONArrayElementScanner: StreamElementScanner {
    private enum Phase {
        /// Before `[`.
        case beforeArray
        /// After `[`: an element or `]`.
        case afterOpen
        /// After `,`: an element.
        case afterComma
        /// Inside an element that started at `elementStart`.
        case inElement
        /// After an element: `,` or `]`.
        case afterElement
        /// After `]`: only whitespace.
        case closed
    }

    private let maxElementBytes: Int
    private var buffer: [UInt8] = []
    /// Next byte to examine.
    private var position = 0
    private var elementStart = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var phase = Phase.beforeArray
    /// Bytes dropped from the front of `buffer` so far (for offsets in errors).
    private var dropped: Int64 = 0
    private(set) var elementOffset: Int64 = 0

    init(maxElementBytes: Int) {
        self.maxElementBytes = maxElementBytes
    }

    var isAtCleanEnd: Bool { phase == .closed }
    var hasEndMarker: Bool { true }

    mutating func append(_ chunk: Data) {
        // Keep only the element in progress (or nothing): memory is one element plus one chunk.
        let keep = phase == .inElement ? elementStart : position
        if keep > 0 {
            buffer.removeFirst(keep)
            dropped += Int64(keep)
            position -= keep
            if phase == .inElement { elementStart = 0 }
        }
        buffer.append(contentsOf: chunk)
    }

    mutating func nextElement() throws(ServerStreamError) -> Data? {
        while position < buffer.count {
            if phase == .inElement {
                if let end = try scanElement() {
                    phase = .afterElement
                    elementOffset = dropped + Int64(elementStart)
                    return Data(buffer[elementStart..<end])
                }
                return nil
            }
            let byte = buffer[position]
            if byte.isJSONWhitespace {
                position += 1
                continue
            }
            switch (phase, byte) {
            case (.beforeArray, UInt8(ascii: "[")):
                phase = .afterOpen
            case (.afterOpen, UInt8(ascii: "]")), (.afterElement, UInt8(ascii: "]")):
                phase = .closed
            case (.afterElement, UInt8(ascii: ",")):
                phase = .afterComma
            case (.afterOpen, UInt8(ascii: "{")), (.afterOpen, UInt8(ascii: "[")),
                (.afterComma, UInt8(ascii: "{")), (.afterComma, UInt8(ascii: "[")):
                phase = .inElement
                elementStart = position
                depth = 0
                inString = false
                escaped = false
                continue
            default:
                throw unexpected()
            }
            position += 1
        }
        return nil
    }

    /// Advances through the element; returns the end index once its last bracket is read.
    private mutating func scanElement() throws(ServerStreamError) -> Int? {
        let limit = elementStart + maxElementBytes
        while position < buffer.count {
            if position >= limit {
                throw ServerStreamError(
                    code: .elementTooLarge, framing: .jsonArray, byteOffset: dropped + Int64(elementStart),
                    bytes: buffer[elementStart...].prefix(ServerStreamError.excerptLimit),
                    detail: "an element is larger than the limit of \(maxElementBytes) bytes")
            }
            let byte = buffer[position]
            position += 1
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return position }
            default:
                break
            }
        }
        return nil
    }

    private func unexpected() -> ServerStreamError {
        let expected =
            switch phase {
            case .beforeArray: "'[' opening the array"
            case .afterOpen: "an element or ']'"
            case .afterComma: "an element ('{' or '[')"
            case .afterElement: "',' or ']'"
            case .closed: "nothing after the closing ']'"
            case .inElement: "the rest of the element"
            }
        return ServerStreamError(
            code: .malformedFraming, framing: .jsonArray, byteOffset: dropped + Int64(position),
            bytes: buffer[position...], detail: "expected \(expected)")
    }
}
