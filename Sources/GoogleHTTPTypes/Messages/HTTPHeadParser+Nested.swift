import Foundation

// MARK: - Nested messages

/// Heads of HTTP messages carried inside multipart bodies: the parts of a batch request
/// (`application/http` requests) and of its response. These are parsed leniently, as Google's
/// batch endpoint does: bare LF line endings, a missing HTTP version on the request line and a
/// head without a trailing empty line are accepted; a header line without `:` is not.
extension HTTPHeadParser {
    /// A request line (`METHOD target [HTTP/1.1]`), header lines, an empty line, the body.
    package static func parseNestedRequest(_ data: Data) -> (
        method: GoogleHTTPMethod, target: String, headers: GoogleHTTPHeaders, body: Data
    )? {
        let (firstLine, rest) = splitFirstLine(data)
        let words = firstLine.split(separator: " ")
        guard words.count >= 2 else { return nil }
        guard let (headers, body) = parseHeaderBlock(rest) else { return nil }
        return (GoogleHTTPMethod(rawValue: String(words[0])), String(words[1]), headers, body)
    }

    /// A status line (`HTTP/1.1 200 OK`), header lines, an empty line, the body.
    package static func parseNestedResponse(_ data: Data) -> (status: Int, headers: GoogleHTTPHeaders, body: Data)? {
        let (firstLine, rest) = splitFirstLine(data)
        let words = firstLine.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/"), let status = Int(words[1]), (100...999).contains(status)
        else { return nil }
        guard let (headers, body) = parseHeaderBlock(rest) else { return nil }
        return (status, headers, body)
    }

    /// Header lines up to an empty line, then the body; `nil` when a header line has no `:`.
    /// A last header line without a newline ends the headers (the body is then empty).
    package static func parseHeaderBlock(_ data: Data) -> (headers: GoogleHTTPHeaders, body: Data)? {
        var headers = GoogleHTTPHeaders()
        var index = data.startIndex
        while index < data.endIndex {
            let newline = data[index...].firstIndex(of: 0x0A) ?? data.endIndex
            var lineEnd = newline
            if lineEnd > index, data[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = String(decoding: data[index..<lineEnd], as: UTF8.self)
            index = min(newline + 1, data.endIndex)
            if line.isEmpty { return (headers, Data(data[index...])) }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(
                name: line[..<colon].trimmingCharacters(in: .whitespaces),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (headers, Data())
    }

    /// The first line (without its line ending and surrounding white space) and what follows it.
    private static func splitFirstLine(_ data: Data) -> (String, Data) {
        let newline = data.firstIndex(of: 0x0A) ?? data.endIndex
        let line = String(decoding: data[data.startIndex..<newline], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return (line, newline < data.endIndex ? Data(data[(newline + 1)...]) : Data())
    }
}
