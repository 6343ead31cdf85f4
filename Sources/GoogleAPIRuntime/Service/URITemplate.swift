import GoogleBase
import GoogleHTTPTypes

// MARK: - URITemplate

/// The subset of RFC 6570 that Discovery paths use: `{name}` (simple expansion, everything but
/// unreserved characters percent-encoded) and `{+name}` (reserved expansion, which keeps `/` and
/// the other reserved characters and existing percent-escapes).
public enum URITemplate {
    /// Expands `template` with `values`.
    /// - Throws: ``GoogleAPIClientError/Code/missingPathParameter`` for a variable without a value,
    ///   ``GoogleAPIClientError/Code/invalidPathTemplate`` for an unterminated `{`,
    ///   ``GoogleAPIClientError/Code/invalidPathParameter`` for a value that would not
    ///   stay in its path segment (empty, `.` or `..`).
    ///   A name in `lists` (a repeated parameter) expands to its values joined by `,`, each
    ///   encoded and checked like a single value; an empty list is invalid.
    public static func expand(_ template: String, values: [String: String], lists: [String: [String]] = [:]) throws(GoogleAPIClientError)
        -> String
    {
        // Searched as UTF-8 bytes, not Characters (grapheme breaking showed in typed-call
        // profiles); `{` and `}` are ASCII, so the indices found are valid Substring bounds.
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + 32)
        var rest = Substring(template)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            result += rest[..<open]
            guard let close = rest[open...].utf8.firstIndex(of: UInt8(ascii: "}")) else {
                throw .invalidPathTemplate(template)
            }
            var expression = rest[rest.index(after: open)..<close]
            let reserved = expression.first == "+"
            if reserved { expression = expression.dropFirst() }
            var names = expression.split(separator: ",").map { String($0.hasSuffix("*") ? $0.dropLast() : $0) }
            if names.isEmpty { names = [""] }
            var expanded: [String] = []
            for name in names {
                if let list = lists[name] {
                    guard !list.isEmpty else { throw .invalidPathParameter(name: name, reason: "is an empty list") }
                    for value in list {
                        try PathSegmentCheck.validate(value, name: name, reserved: reserved)
                        expanded.append(reserved ? encodeReserved(value) : encodeUnreserved(value))
                    }
                    continue
                }
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

    /// Percent-encodes every byte of the UTF-8 form except unreserved characters (`{name}`).
    package static func encodeUnreserved(_ value: String) -> String {
        PercentEncoding.encodeUnreserved(value)
    }

    /// Percent-encodes every byte except unreserved and reserved characters and valid `%XX`
    /// escapes (`{+name}`).
    package static func encodeReserved(_ value: String) -> String {
        PercentEncoding.encodeReserved(value)
    }
}
