// MARK: - SwiftSource

/// The only two ways document text reaches generated source: as comment text and as a string
/// literal. Every renderer goes through these (`SwiftWriter.documentation`/`comment` and
/// `Renderer.literal`), so a Discovery document cannot end a comment or a literal early and
/// put code into the user's module, whatever field the text came from.
///
/// Generating every Discovery document runs these over megabytes of prose, so they work on the
/// UTF-8 bytes: printable ASCII is copied (or, when a whole string needs no change, the string is
/// returned as it is) and only a non-ASCII scalar is decoded and classified. A line break or a
/// hazardous character is always a whole scalar, so cutting and replacing at scalar boundaries
/// keeps the text valid UTF-8.
enum SwiftSource {
    // MARK: - Comments

    /// Splits text into lines at every line break Swift (or a reader's editor) recognises:
    /// LF, CR, CRLF (one break), VT, FF, NEL, U+2028 and U+2029. The lines themselves are not
    /// yet safe for a comment; `commentText` makes them so.
    static func lines(_ text: String) -> [String] {
        withUTF8(text) { bytes in
            var lines: [String] = []
            var start = 0
            var index = 0
            while index < bytes.count {
                let length = lineBreakLength(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                lines.append(string(bytes, start..<index))
                index += length
                // CRLF is one break.
                if length == 1, bytes[index - 1] == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                start = index
            }
            // No break at all (most document text): the string itself, not a copy.
            if lines.isEmpty { return [text] }
            lines.append(string(bytes, start..<bytes.count))
            return lines
        }
    }

    /// One line of comment text: line breaks become spaces, other control and invisible
    /// formatting characters (NUL, ESC, bidirectional overrides, …) become U+FFFD so they can
    /// neither end the comment nor make the source read differently from what it compiles to.
    /// Trailing whitespace is dropped.
    static func commentText(_ line: String) -> String {
        withUTF8(line) { bytes in
            // Bytes are copied to `result` only from the first one that must change.
            var result: [UInt8] = []
            var changed = false
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var length = 1
                var replacement: Replacement = .none
                if byte < 0x80 {
                    if byte == 0x0A || byte == 0x0B || byte == 0x0C || byte == 0x0D {
                        replacement = .space
                    } else if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                        replacement = .replacementCharacter
                    }
                } else {
                    let (scalar, scalarLength) = decode(bytes, at: index)
                    length = scalarLength
                    if isLineBreak(scalar) {
                        replacement = .space
                    } else if isHazardous(scalar) {
                        replacement = .replacementCharacter
                    }
                }
                if replacement != .none, !changed {
                    changed = true
                    result.reserveCapacity(bytes.count + 8)
                    result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<index]))
                }
                if changed {
                    switch replacement {
                    case .none: result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                    case .space: result.append(0x20)
                    case .replacementCharacter: result.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    }
                }
                index += length
            }
            if changed {
                while let last = result.last, last == 0x20 || last == 0x09 { result.removeLast() }
                return String(decoding: result, as: UTF8.self)
            }
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return end == bytes.count ? line : string(bytes, 0..<end)
        }
    }

    // MARK: - String literals

    /// A single-line Swift string literal whose value is exactly `text`: backslash and quote
    /// escaped, every control, line-break, formatting and private/unassigned scalar written as
    /// `\u{…}`, so neither the compiler nor an editor sees a line end or hidden text in it.
    static func stringLiteral(_ text: String) -> String {
        withUTF8(text) { bytes in
            var result: [UInt8] = [0x22]
            result.reserveCapacity(bytes.count + 2)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    switch byte {
                    case 0x5C: result.append(contentsOf: [0x5C, 0x5C])  // \\
                    case 0x22: result.append(contentsOf: [0x5C, 0x22])  // \"
                    case 0x0A: result.append(contentsOf: [0x5C, 0x6E])  // \n
                    case 0x0D: result.append(contentsOf: [0x5C, 0x72])  // \r
                    case 0x09: result.append(contentsOf: [0x5C, 0x74])  // \t
                    case 0x20..<0x7F: result.append(byte)
                    default: appendEscape(Unicode.Scalar(byte), to: &result)
                    }
                    index += 1
                } else {
                    let (scalar, length) = decode(bytes, at: index)
                    if isLineBreak(scalar) || isHazardous(scalar) {
                        appendEscape(scalar, to: &result)
                    } else {
                        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                    }
                    index += length
                }
            }
            result.append(0x22)
            return String(decoding: result, as: UTF8.self)
        }
    }

    // MARK: - Character classes

    /// Line terminators of Swift's lexer (LF, CR) and of Unicode (VT, FF, NEL, LS, PS).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Characters that are invisible or change how the text around them displays: controls,
    /// format characters (bidirectional overrides, zero-width spaces), surrogates, private-use
    /// and unassigned code points.
    static func isHazardous(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    // MARK: - Bytes

    /// What `commentText` writes for one scalar.
    private enum Replacement {
        case none, space, replacementCharacter
    }

    /// `body` over the text's UTF-8 bytes, in place when the string stores them contiguously.
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// The string of whole scalars in `range` (both ends are scalar boundaries).
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The length in bytes of the line break starting at `index`, or 0: LF, VT, FF, CR are one
    /// byte; NEL is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
    private static func lineBreakLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        switch bytes[index] {
        case 0x0A...0x0D: return 1
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
        case 0xE2:
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 else { return 0 }
            return 3
        default: return 0
        }
    }

    /// The scalar whose (valid, as in every Swift string) UTF-8 encoding starts at `index`, and
    /// its length in bytes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return ("\u{FFFD}", bytes.count - index) }
        var value = length == 1 ? lead : lead & (0xFF >> (length + 1))
        for offset in 1..<max(length, 1) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// `\u{…}` for `scalar`, uppercase hexadecimal.
    private static func appendEscape(_ scalar: Unicode.Scalar, to result: inout [UInt8]) {
        result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".utf8)
    }
}
