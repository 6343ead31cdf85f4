import Foundation
import GoogleBase
import GoogleHTTPTypes

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
        PercentEncoding.decodeQuery(query)
    }

    /// Decodes `%XX` escapes; invalid escapes are kept literally rather than rejected.
    static func percentDecode(_ text: Substring, plusIsSpace: Bool) -> String {
        PercentEncoding.decode(text, plusIsSpace: plusIsSpace)
    }
}
