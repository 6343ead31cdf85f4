// MARK: - URITemplate

/// The subset of RFC 6570 that Discovery paths use: `{name}` (simple expansion, everything but
/// unreserved characters percent-encoded) and `{+name}` (reserved expansion, which keeps `/` and
/// the other reserved characters and existing percent-escapes).
public enum URITemplate {
    /// Expands `template` with `values`.
    /// - Throws: ``GoogleAPIClientError/missingPathParameter(_:)`` for a variable without a value,
    ///   ``GoogleAPIClientError/invalidPathTemplate(_:)`` for an unterminated `{`,
    ///   ``GoogleAPIClientError/invalidPathParameter(name:reason:)`` for a value that would not
    ///   stay in its path segment (empty, `.` or `..`).
    public static func expand(_ template: String, values: [String: String]) throws(GoogleAPIClientError) -> String {
        var result = ""
        result.reserveCapacity(template.utf8.count + 32)
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw .invalidPathTemplate(template)
            }
            var expression = rest[rest.index(after: open)..<close]
            let reserved = expression.first == "+"
            if reserved { expression = expression.dropFirst() }
            var names = expression.split(separator: ",").map { String($0.hasSuffix("*") ? $0.dropLast() : $0) }
            if names.isEmpty { names = [""] }
            var expanded: [String] = []
            for name in names {
                guard let value = values[name] else { throw .missingPathParameter(name) }
                try PathSegmentCheck.validate(value, name: name, reserved: reserved)
                expanded.append(reserved ? encodeReserved(value) : encodeUnreserved(value))
            }
            result += expanded.joined(separator: ",")
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }

    // MARK: - Percent-encoding

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    @inline(__always)
    static func isReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// Percent-encodes every byte of the UTF-8 form except unreserved characters.
    public static func encodeUnreserved(_ value: String) -> String {
        encode(value) { bytes, index in isUnreserved(bytes[index]) }
    }

    /// Percent-encodes every byte except unreserved and reserved characters and valid `%XX` escapes.
    public static func encodeReserved(_ value: String) -> String {
        encode(value) { bytes, index in
            let byte = bytes[index]
            if isUnreserved(byte) || isReserved(byte) { return true }
            return byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
        }
    }

    private static func encode(_ value: String, keep: ([UInt8], Int) -> Bool) -> String {
        let bytes = Array(value.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for index in bytes.indices {
            let byte = bytes[index]
            if keep(bytes, index) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
