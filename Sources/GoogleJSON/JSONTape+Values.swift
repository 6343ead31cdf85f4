import Foundation

// MARK: - Scalar extraction

extension JSONTape {
    @inline(__always)
    func buffer(of token: JSONToken) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + Int(token.start), count: Int(token.length))
    }

    func error(_ kind: GoogleJSONDecodingError.Kind, at index: Int, _ message: String) -> GoogleJSONDecodingError {
        let offset = index < tokenCount ? Int(tokens[index].start) : byteCount
        return GoogleJSONDecodingError(kind: kind, path: path(to: index), byteOffset: offset, message: message)
    }

    /// A string token without escapes or non-ASCII bytes (flags 0): its bytes are the string.
    /// Long ones come from (and go into) the document's ``JSONStringCache``.
    @usableFromInline
    func plainString(_ token: JSONToken) -> String {
        strings.string(bytes, start: Int(token.start), length: Int(token.length))
    }

    /// The string at `index` (a string token), unescaped and validated as UTF-8.
    func string(at index: Int) throws(GoogleJSONDecodingError) -> String {
        let token = tokens[index]
        guard token.kind == .string else { throw error(.typeMismatch, at: index, "expected a string, found \(token.kind)") }
        if token.flags == 0 { return plainString(token) }
        let raw = UnsafeBufferPointer(start: bytes + Int(token.start), count: Int(token.length))
        if token.flags & JSONToken.hasEscapes == 0 {
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw error(.invalidFormat, at: index, "string is not valid UTF-8")
            }
            return text
        }
        return try unescape(raw, tokenIndex: index)
    }

    private func unescape(_ raw: UnsafeBufferPointer<UInt8>, tokenIndex: Int) throws(GoogleJSONDecodingError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = raw[at + offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: return nil
                }
                value = value << 4 | digit
            }
            return value
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.count else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = raw[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(index) else { throw error(.syntax, at: tokenIndex, "invalid \\u escape") }
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard index + 6 <= raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u"),
                        let low = hex4(index + 2), (0xDC00..<0xE000).contains(low)
                    else { throw error(.invalidFormat, at: tokenIndex, "unpaired UTF-16 surrogate in a \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw error(.invalidFormat, at: tokenIndex, "unpaired UTF-16 surrogate in a \\u escape")
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw error(.invalidFormat, at: tokenIndex, "invalid Unicode scalar")
                }
                output.append(contentsOf: UTF8.encode(unicode)!)
            default: output.append(escaped)
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw error(.invalidFormat, at: tokenIndex, "string is not valid UTF-8")
        }
        return text
    }

    // MARK: - Numbers

    /// The integer at `index`: a number token, or (when `allowString`) a string of digits.
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ type: T.Type, at index: Int, allowString: Bool) throws(GoogleJSONDecodingError) -> T {
        let token = tokens[index]
        switch token.kind {
        case .number:
            if token.flags & JSONToken.isInteger != 0, let value = Self.parseInteger(T.self, buffer(of: token)) {
                return value
            }
            let double = try self.double(at: index)
            guard double.rounded() == double, let value = T(exactly: double) else {
                throw error(.numberOutOfRange, at: index, "\(excerpt(token)) does not fit \(T.self)")
            }
            return value
        case .string where allowString:
            if token.flags == 0, let value = Self.parseInteger(T.self, buffer(of: token)) { return value }
            throw error(.invalidFormat, at: index, "\"\(excerpt(token))\" is not a \(T.self)")
        default:
            throw error(.typeMismatch, at: index, "expected a number, found \(token.kind)")
        }
    }

    /// Parses an optionally signed decimal integer, `nil` on overflow or a bad character.
    @inline(__always)
    static func parseInteger<T: FixedWidthInteger>(_ type: T.Type, _ buffer: UnsafeRawBufferPointer) -> T? {
        var index = 0
        let count = buffer.count
        guard count > 0 else { return nil }
        let negative = buffer[0] == UInt8(ascii: "-")
        if negative || buffer[0] == UInt8(ascii: "+") { index = 1 }
        guard index < count, !(negative && !T.isSigned) else {
            // "-0" is a valid unsigned zero.
            if negative, !T.isSigned, count >= 2, buffer[1...].allSatisfy({ $0 == UInt8(ascii: "0") }) { return 0 }
            return nil
        }
        var value: T = 0
        while index < count {
            let digit = buffer[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? multiplied.subtractingReportingOverflow(T(digit)) : multiplied.addingReportingOverflow(T(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The number at `index` as a `Double` (or a numeric string when `allowString`).
    func double(at index: Int, allowString: Bool = false) throws(GoogleJSONDecodingError) -> Double {
        let token = tokens[index]
        guard token.kind == .number || (allowString && token.kind == .string) else {
            throw error(.typeMismatch, at: index, "expected a number, found \(token.kind)")
        }
        let raw = buffer(of: token)
        if token.kind == .number, let fast = Self.fastDouble(raw) { return fast }
        let text = String(decoding: raw, as: UTF8.self)
        if token.kind == .string {
            switch text {
            case "NaN": return .nan
            case "Infinity": return .infinity
            case "-Infinity": return -.infinity
            default: break
            }
        }
        guard let value = Double(text) else { throw error(.invalidFormat, at: index, "'\(excerpt(token))' is not a number") }
        return value
    }

    /// Exact conversion for numbers with at most 15 significant digits and a small exponent
    /// (both operands exactly representable, so one IEEE operation rounds correctly).
    private static func fastDouble(_ raw: UnsafeRawBufferPointer) -> Double? {
        var index = 0
        let count = raw.count
        let negative = count > 0 && raw[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while index < count, raw[index].isDigit {
            mantissa = mantissa &* 10 &+ UInt64(raw[index] &- UInt8(ascii: "0"))
            if mantissa != 0 { digits += 1 }
            index += 1
        }
        if index < count, raw[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, raw[index].isDigit {
                mantissa = mantissa &* 10 &+ UInt64(raw[index] &- UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
                exponent -= 1
                index += 1
            }
        }
        if index < count {
            index += 1
            var exponentNegative = false
            if index < count, raw[index] == UInt8(ascii: "-") || raw[index] == UInt8(ascii: "+") {
                exponentNegative = raw[index] == UInt8(ascii: "-")
                index += 1
            }
            var value = 0
            while index < count {
                value = value * 10 + Int(raw[index] &- UInt8(ascii: "0"))
                if value > 1000 { return nil }
                index += 1
            }
            exponent += exponentNegative ? -value : value
        }
        guard digits <= 15, abs(exponent) <= 22 else { return nil }
        var result = Double(mantissa)
        result = exponent < 0 ? result / exactPowersOfTen[-exponent] : result * exactPowersOfTen[exponent]
        return negative ? -result : result
    }

    /// A short, printable excerpt of a token's source for messages.
    func excerpt(_ token: JSONToken) -> String {
        let raw = buffer(of: token)
        let prefix = String(decoding: raw.prefix(40), as: UTF8.self)
        return raw.count > 40 ? prefix + "…" : prefix
    }

    // MARK: - JSONValue

    /// Builds a ``JSONValue`` for the subtree at `index`.
    func jsonValue(at index: Int) throws(GoogleJSONDecodingError) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(try double(at: index))
        case .string: return .string(try string(at: index))
        case .array:
            var items: [JSONValue] = []
            items.reserveCapacity(Int(token.length))
            var child = index + 1
            while child < Int(token.end) {
                items.append(try jsonValue(at: child))
                child = Int(tokens[child].end)
            }
            return .array(items)
        case .object:
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(Int(token.length))
            var child = index + 1
            while child < Int(token.end) {
                fields[try string(at: child)] = try jsonValue(at: child + 1)
                child = Int(tokens[child + 1].end)
            }
            return .object(fields)
        }
    }
}
