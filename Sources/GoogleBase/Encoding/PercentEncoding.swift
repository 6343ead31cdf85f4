// MARK: - PercentEncoding

/// Percent-encoding (RFC 3986 §2.1) for every place in the package that builds or reads URLs and
/// form bodies: OAuth forms, URI templates, query tokens, the server's request targets.
///
/// Encoding works on the UTF-8 bytes and writes upper-case hex; decoding keeps malformed `%`
/// escapes literally instead of rejecting them, as servers and browsers do.
package enum PercentEncoding {
    /// The RFC 3986 §2.3 unreserved characters (`A-Z a-z 0-9 - . _ ~`), which never need encoding.
    package static let unreservedBytes: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    // MARK: - Character classes

    @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The RFC 3986 §2.2 reserved characters (gen-delims and sub-delims).
    @inline(__always)
    package static func isReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    // MARK: - Encoding

    /// Encodes every byte except the unreserved ones: safe in any URL component and in forms
    /// (space becomes `%20`, `+` becomes `%2B`).
    package static func encodeUnreserved(_ value: String) -> String {
        // Most query names and values (`pageSize`, tokens, ids) need no escape: returned as
        // they are, without the two arrays and the new string of `encode` (each typed API
        // call encodes several).
        if allBytes(of: value, satisfy: isUnreserved) { return value }
        return encode(value) { bytes, index in isUnreserved(bytes[index]) }
    }

    /// Encodes every byte except unreserved and reserved characters and valid `%XX` escapes, as
    /// URI templates' reserved expansion (`{+name}`) does.
    package static func encodeReserved(_ value: String) -> String {
        // Without a `%`, only the character classes decide; a value they all keep is returned.
        if allBytes(of: value, satisfy: { isUnreserved($0) || isReserved($0) }) { return value }
        return encode(value) { bytes, index in
            let byte = bytes[index]
            if isUnreserved(byte) || isReserved(byte) { return true }
            return byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil
        }
    }

    /// Whether every UTF-8 byte of `value` satisfies `test`: over the string's own buffer when
    /// it has one (a native string), which is much faster than iterating its `utf8` view.
    @inline(__always)
    private static func allBytes(of value: String, satisfy test: (UInt8) -> Bool) -> Bool {
        value.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? value.utf8.allSatisfy(test)
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

    // MARK: - Decoding

    /// Decodes `%XX` escapes (and `+` as a space when `plusIsSpace`, as in forms and queries);
    /// malformed escapes are kept literally, invalid UTF-8 is replaced.
    package static func decode(_ text: some StringProtocol, plusIsSpace: Bool) -> String {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `name=value&...` split and decoded (`+` is a space); a pair without `=` has an empty value.
    package static func decodeQuery(_ query: some StringProtocol) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (decode(pair, plusIsSpace: true), "") }
            return (
                decode(pair[..<equals], plusIsSpace: true),
                decode(pair[pair.index(after: equals)...], plusIsSpace: true)
            )
        }
    }

    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
