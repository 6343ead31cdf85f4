import Foundation

// MARK: - FormURLEncoding

/// `application/x-www-form-urlencoded` encoding as OAuth requests use it.
///
/// Encoding is strict: every byte outside the RFC 3986 unreserved set (`A-Z a-z 0-9 - . _ ~`) is
/// percent-encoded, including space (`%20`), `+`, `/`, `:` and `=`, so values survive any parser.
public enum FormURLEncoding {
    /// Percent-encodes `value`, leaving only unreserved characters as they are.
    public static func percentEncode(_ value: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if SecureRandom.unreservedCharacters.contains(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `name=value&...` with names and values percent-encoded, in the given order.
    public static func encode(_ parameters: [(String, String)]) -> String {
        parameters.map { "\(percentEncode($0.0))=\(percentEncode($0.1))" }.joined(separator: "&")
    }

    /// Parses `name=value&...`; `+` means space, malformed `%` escapes are kept literally.
    public static func decode(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecode(String(parts[0]))
            let value = parts.count > 1 ? percentDecode(String(parts[1])) : ""
            return (name, value)
        }
    }

    /// Parses a form body; invalid UTF-8 is replaced rather than rejected.
    public static func decode(_ body: Data) -> [(name: String, value: String)] {
        decode(String(decoding: body, as: UTF8.self))
    }

    /// Decodes `%XX` escapes and `+`.
    public static func percentDecode(_ text: String) -> String {
        var bytes = [UInt8]()
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                      let high = hexValue(input[input.startIndex]), let low = hexValue(input[input.startIndex + 1]) {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
