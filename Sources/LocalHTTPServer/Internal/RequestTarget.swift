import Foundation

// MARK: - RequestTarget

/// Splits a request target into path and query and percent-decodes them.
enum RequestTarget {
    struct Parts {
        var rawPath: String
        var path: String
        var query: String?
        var queryItems: [(name: String, value: String)]
    }

    static func parse(_ target: String) -> Parts {
        var pathAndQuery = Substring(target)
        // Absolute form (`http://host/path`), as proxies send it: keep only the path and query.
        if let schemeEnd = pathAndQuery.range(of: "://") {
            let afterAuthority = pathAndQuery[schemeEnd.upperBound...]
            pathAndQuery = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        if let hash = pathAndQuery.firstIndex(of: "#") { pathAndQuery = pathAndQuery[..<hash] }
        let rawPath: Substring
        let query: String?
        if let mark = pathAndQuery.firstIndex(of: "?") {
            rawPath = pathAndQuery[..<mark]
            query = String(pathAndQuery[pathAndQuery.index(after: mark)...])
        } else {
            rawPath = pathAndQuery
            query = nil
        }
        return Parts(
            rawPath: String(rawPath),
            path: percentDecode(rawPath, plusIsSpace: false),
            query: query,
            queryItems: query.map(parseQuery) ?? [])
    }

    static func parseQuery(_ query: String) -> [(name: String, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: "=") {
                return (
                    percentDecode(pair[..<equals], plusIsSpace: true),
                    percentDecode(pair[pair.index(after: equals)...], plusIsSpace: true)
                )
            }
            return (percentDecode(pair, plusIsSpace: true), "")
        }
    }

    /// Decodes `%XX` escapes; invalid escapes are kept literally rather than rejected.
    static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String {
        guard text.contains("%") || (plusIsSpace && text.contains("+")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let utf8 = Array(text.utf8)
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

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}
