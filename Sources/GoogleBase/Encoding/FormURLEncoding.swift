import Foundation

// MARK: - FormURLEncoding

/// `application/x-www-form-urlencoded` encoding as OAuth requests use it.
///
/// Encoding is strict: every byte outside the RFC 3986 unreserved set (`A-Z a-z 0-9 - . _ ~`) is
/// percent-encoded, including space (`%20`), `+`, `/`, `:` and `=`, so values survive any parser.
package enum FormURLEncoding {
    /// Percent-encodes `value`, leaving only unreserved characters as they are.
    package static func percentEncode(_ value: String) -> String {
        PercentEncoding.encodeUnreserved(value)
    }

    /// `name=value&...` with names and values percent-encoded, in the given order.
    package static func encode(_ parameters: [(String, String)]) -> String {
        parameters.map { "\(percentEncode($0.0))=\(percentEncode($0.1))" }.joined(separator: "&")
    }

    /// Parses `name=value&...`; `+` means space, malformed `%` escapes are kept literally.
    package static func decode(_ text: String) -> [(name: String, value: String)] {
        PercentEncoding.decodeQuery(text)
    }

    /// Parses a form body; invalid UTF-8 is replaced rather than rejected.
    package static func decode(_ body: Data) -> [(name: String, value: String)] {
        decode(String(decoding: body, as: UTF8.self))
    }

    /// Decodes `%XX` escapes and `+`.
    package static func percentDecode(_ text: String) -> String {
        PercentEncoding.decode(text, plusIsSpace: true)
    }
}
