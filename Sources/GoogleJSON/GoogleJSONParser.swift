import Foundation

// MARK: - GoogleJSONParser

/// A validating UTF-8 JSON parser (RFC 8259) that fills a ``JSONTape``. Strings and numbers are
/// only located and validated here; they are converted when a decoder asks for them.
struct GoogleJSONParser {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let count: Int
    private let maxDepth: Int
    private var position = 0
    // The token buffer lives here while parsing (no class access in the hot loop) and moves to
    // the tape at the end.
    private var tokens: UnsafeMutablePointer<JSONToken>
    private var tokenCount = 0
    private var tokenCapacity: Int

    /// Parses `input` into a tape.
    /// - Throws: ``GoogleJSONDecodingError`` of kind `.syntax` or `.tooDeep`.
    static func parse(_ input: UnsafeRawBufferPointer, maxDepth: Int) throws(GoogleJSONDecodingError) -> JSONTape {
        // Token offsets are 32-bit to keep the tape compact.
        guard input.count < Int(UInt32.max) else {
            throw GoogleJSONDecodingError(
                kind: .syntax, path: "", byteOffset: 0, message: "JSON documents of 4 GiB or more are not supported")
        }
        var parser = GoogleJSONParser(bytes: JSONTape.copyBytes(input), count: input.count, maxDepth: maxDepth)
        do {
            try parser.parseDocument()
        } catch {
            throw parser.handOver().locate(error)
        }
        return parser.handOver()
    }

    /// Parses `data` into a tape.
    static func parse(_ data: Data, maxDepth: Int = 512) throws(GoogleJSONDecodingError) -> JSONTape {
        do {
            return try data.withUnsafeBytes { try parse($0, maxDepth: maxDepth) }
        } catch let error as GoogleJSONDecodingError {
            throw error
        } catch {
            throw GoogleJSONDecodingError(kind: .syntax, path: "", byteOffset: 0, message: "\(error)")
        }
    }

    /// Parses `data` into a ``JSONValue``.
    /// - Throws: ``GoogleJSONDecodingError``.
    static func parseValue(_ data: Data, maxDepth: Int = 512) throws(GoogleJSONDecodingError) -> JSONValue {
        let tape = try parse(data, maxDepth: maxDepth)
        return try tape.jsonValue(at: 0)
    }

    private init(bytes: UnsafeMutablePointer<UInt8>, count: Int, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.maxDepth = maxDepth
        self.tokenCapacity = max(16, count / 6)
        self.tokens = .allocate(capacity: tokenCapacity)
    }

    /// The tape, which takes ownership of the bytes and tokens (call once).
    private func handOver() -> JSONTape {
        JSONTape(bytes: bytes, byteCount: count, tokens: tokens, tokenCount: tokenCount)
    }

    @inline(__always)
    private mutating func append(_ token: JSONToken) -> Int {
        if tokenCount == tokenCapacity { grow() }
        (tokens + tokenCount).initialize(to: token)
        tokenCount += 1
        return tokenCount - 1
    }

    private mutating func grow() {
        let newCapacity = tokenCapacity * 2
        let newTokens = UnsafeMutablePointer<JSONToken>.allocate(capacity: newCapacity)
        newTokens.moveInitialize(from: tokens, count: tokenCount)
        tokens.deallocate()
        tokens = newTokens
        tokenCapacity = newCapacity
    }

    // MARK: - Structure

    private mutating func parseDocument() throws(GoogleJSONDecodingError) {
        // A UTF-8 byte order mark, which some editors write, is not part of the JSON text.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        try parseValue(depth: 0)
        skipWhitespace()
        if position != count { throw syntax("unexpected data after the JSON value") }
    }

    private mutating func parseValue(depth: Int) throws(GoogleJSONDecodingError) {
        guard position < count else { throw syntax("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "t"): try parseLiteral("true", kind: .true)
        case UInt8(ascii: "f"): try parseLiteral("false", kind: .false)
        case UInt8(ascii: "n"): try parseLiteral("null", kind: .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber()
        default: throw syntax("unexpected character \(describe(bytes[position])), expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(GoogleJSONDecodingError) {
        guard depth <= maxDepth else { throw tooDeep() }
        let index = append(JSONToken(kind: .object, flags: 0, start: UInt32(position), length: 0, end: 0, hint: 0))
        position += 1
        skipWhitespace()
        var members: UInt32 = 0
        if position < count, bytes[position] == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                    throw syntax(
                        position < count
                            ? "expected a quoted key, found \(describe(bytes[position]))" : "unexpected end of input inside an object")
                }
                try parseString()
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ":") else { throw syntax("expected ':' after a key") }
                position += 1
                skipWhitespace()
                // String values (most members) without the call to `parseValue` and its switch.
                if position < count, bytes[position] == UInt8(ascii: "\"") {
                    try parseString()
                } else {
                    try parseValue(depth: depth)
                }
                members += 1
                skipWhitespace()
                guard position < count else { throw syntax("unexpected end of input inside an object") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    break
                } else {
                    throw syntax("expected ',' or '}' in an object, found \(describe(bytes[position]))")
                }
            }
        }
        tokens[index].length = members
        tokens[index].end = UInt32(tokenCount)
        tokens[index].hint = UInt32(index + 1)
    }

    private mutating func parseArray(depth: Int) throws(GoogleJSONDecodingError) {
        guard depth <= maxDepth else { throw tooDeep() }
        let index = append(JSONToken(kind: .array, flags: 0, start: UInt32(position), length: 0, end: 0, hint: 0))
        position += 1
        skipWhitespace()
        var elements: UInt32 = 0
        if position < count, bytes[position] == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                try parseValue(depth: depth)
                elements += 1
                skipWhitespace()
                guard position < count else { throw syntax("unexpected end of input inside an array") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                } else if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    break
                } else {
                    throw syntax("expected ',' or ']' in an array, found \(describe(bytes[position]))")
                }
            }
        }
        tokens[index].length = elements
        tokens[index].end = UInt32(tokenCount)
    }

    // MARK: - Scalars

    private mutating func parseLiteral(_ literal: StaticString, kind: JSONToken.Kind) throws(GoogleJSONDecodingError) {
        let length = literal.utf8CodeUnitCount
        // Compared as one word (`false` as a word and its last byte), not through `memcmp`: the
        // input is followed by zero padding, so reading four bytes is in bounds, and the length
        // check comes first so padding never counts as part of a literal.
        guard position + length <= count,
            UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(literal.utf8Start).loadUnaligned(as: UInt32.self),
            length == 4 || bytes[position + 4] == literal.utf8Start[4]
        else {
            throw syntax("invalid literal, expected '\(literal)'")
        }
        let index = tokenCount
        _ = append(JSONToken(kind: kind, flags: 0, start: UInt32(position), length: UInt32(length), end: UInt32(index + 1), hint: 0))
        position += length
    }

    // Inlined into its callers (keys and values in `parseObject`, other values in `parseValue`):
    // strings are most of the tokens and most are short, so the call itself was a visible share.
    @inline(__always)
    private mutating func parseString() throws(GoogleJSONDecodingError) {
        let start = position + 1
        var index = start
        var flags: UInt8 = 0
        var highBits: UInt8 = 0
        scan: while true {
            // Eight bytes at a time while none is a quote, backslash, control or non-ASCII byte.
            // No bounds check: the input is followed by eight zero bytes (see
            // `JSONTape.copyBytes`), and a zero is a control character, so the scan stops at
            // the end of the input at the latest; the check below then reports it.
            while true {
                let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                let attention = Self.attentionMask(UInt64(littleEndian: word))
                if attention != 0 {
                    // The lowest flagged byte is exact (borrows only disturb higher bytes).
                    index += attention.trailingZeroBitCount >> 3
                    break
                }
                index += 8
            }
            guard index < count else { throw syntax("unterminated string", at: position) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                break scan
            case UInt8(ascii: "\\"):
                flags |= JSONToken.hasEscapes
                try validateEscape(at: index)
                index += bytes[index + 1] == UInt8(ascii: "u") ? 6 : 2
            case 0..<0x20:
                throw syntax("unescaped control character in a string", at: index)
            default:
                highBits |= byte
                index += 1
            }
        }
        if highBits & 0x80 != 0 { flags |= JSONToken.hasNonASCII }
        let tokenIndex = tokenCount
        _ = append(
            JSONToken(
                kind: .string, flags: flags, start: UInt32(start), length: UInt32(index - start),
                end: UInt32(tokenIndex + 1), hint: 0))
        position = index + 1
    }

    /// High bit set in each byte of `word` that is a quote, a backslash, a control character
    /// or non-ASCII (the lowest such byte is exact; higher ones may be false positives).
    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        let hasControl = (word &- ones &* 0x20) & ~word & highs
        return hasQuote | hasBackslash | hasControl | (word & highs)
    }

    private func validateEscape(at index: Int) throws(GoogleJSONDecodingError) {
        guard index + 1 < count else { throw syntax("unterminated escape", at: index) }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            guard index + 6 <= count, (2..<6).allSatisfy({ bytes[index + $0].isHexDigit }) else {
                throw syntax("invalid \\u escape", at: index)
            }
        default:
            throw syntax("invalid escape \\\(describe(bytes[index + 1]))", at: index)
        }
    }

    private mutating func parseNumber() throws(GoogleJSONDecodingError) {
        let start = position
        var index = position
        var flags = JSONToken.isInteger
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count, bytes[index].isDigit else { throw syntax("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count, bytes[index].isDigit { throw syntax("leading zero in a number", at: start) }
        } else {
            while index < count, bytes[index].isDigit { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            flags = 0
            index += 1
            guard index < count, bytes[index].isDigit else { throw syntax("expected digits after '.'", at: index) }
            while index < count, bytes[index].isDigit { index += 1 }
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            flags = 0
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < count, bytes[index].isDigit else { throw syntax("expected exponent digits", at: index) }
            while index < count, bytes[index].isDigit { index += 1 }
        }
        let tokenIndex = tokenCount
        _ = append(
            JSONToken(
                kind: .number, flags: flags, start: UInt32(start), length: UInt32(index - start),
                end: UInt32(tokenIndex + 1), hint: 0))
        position = index
    }

    // MARK: - Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
            default: return
            }
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func syntax(_ message: String, at offset: Int? = nil) -> GoogleJSONDecodingError {
        GoogleJSONDecodingError(kind: .syntax, path: "", byteOffset: offset ?? position, message: message)
    }

    private func tooDeep() -> GoogleJSONDecodingError {
        GoogleJSONDecodingError(
            kind: .tooDeep, path: "", byteOffset: position,
            message: "nesting deeper than \(maxDepth) levels")
    }
}

extension UInt8 {
    @inline(__always)
    var isDigit: Bool { self &- UInt8(ascii: "0") < 10 }

    /// `0-9`, `a-f` or `A-F` (a `\u` escape's digits).
    var isHexDigit: Bool { isDigit || (self | 0x20) &- UInt8(ascii: "a") < 6 }
}
