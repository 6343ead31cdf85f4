import Foundation
import GoogleHTTP

// MARK: - BatchResponseParser

/// Parses a `multipart/mixed` batch response into one ``BatchResult`` per part.
enum BatchResponseParser {
    /// - Parameters:
    ///   - body: The response body.
    ///   - contentType: The response's `Content-Type` (carries the boundary).
    ///   - firstIndex: The index the chunk's first call has in the caller's list.
    ///   - count: How many calls the chunk held.
    /// - Throws: ``GoogleAPIClientError/invalidResponse(_:)`` when the body is not a batch response.
    static func parse(_ body: Data, contentType: String?, firstIndex: Int, count: Int) throws(GoogleAPIClientError) -> [BatchResult] {
        guard let boundary = boundary(in: contentType) else {
            throw .invalidResponse("batch response has no multipart boundary")
        }
        let delimiter = Data("--\(boundary)".utf8)
        var results: [BatchResult] = []
        var searchStart = body.startIndex
        guard let first = body.range(of: delimiter, in: searchStart..<body.endIndex) else {
            throw .invalidResponse("batch response contains no parts")
        }
        searchStart = first.upperBound
        while searchStart < body.endIndex {
            if body[searchStart...].starts(with: Data("--".utf8)) { break }
            let next = body.range(of: delimiter, in: searchStart..<body.endIndex)
            let partEnd = next?.lowerBound ?? body.endIndex
            let part = body[searchStart..<partEnd]
            if let result = try parsePart(part, fallbackIndex: firstIndex + results.count) { results.append(result) }
            guard let next else { break }
            searchStart = next.upperBound
        }
        guard results.count == count else {
            throw .invalidResponse("batch response has \(results.count) parts for \(count) calls")
        }
        return results.sorted { $0.index < $1.index }
    }

    static func boundary(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            return pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    private static let blankLine = Data("\r\n\r\n".utf8)

    /// One part: MIME headers, a blank line, then an HTTP response (status line, headers, body).
    private static func parsePart(_ part: Data, fallbackIndex: Int) throws(GoogleAPIClientError) -> BatchResult? {
        var part = part
        while part.first == 0x0D || part.first == 0x0A { part = part.dropFirst() }
        if part.isEmpty { return nil }
        guard let mimeEnd = part.range(of: blankLine) else { throw .invalidResponse("batch part without headers") }
        let mimeHeaders = parseHeaders(part[part.startIndex..<mimeEnd.lowerBound])
        let http = part[mimeEnd.upperBound...]
        guard let headEnd = http.range(of: blankLine) ?? (http.range(of: Data("\r\n".utf8)).map { $0 })
        else { throw .invalidResponse("batch part without an HTTP response") }
        let headText = String(decoding: http[http.startIndex..<headEnd.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let statusFields = statusLine.split(separator: " ")
        guard statusFields.count >= 2, statusFields[0].hasPrefix("HTTP/"), let status = Int(statusFields[1]) else {
            throw .invalidResponse("batch part has no HTTP status line")
        }
        let headers = parseHeaders(Data(lines.joined(separator: "\r\n").utf8))
        var body = Data(http[headEnd.upperBound...])
        while body.last == 0x0A || body.last == 0x0D { body.removeLast() }
        if let length = headers["Content-Length"].flatMap(Int.init), length < body.count { body = body.prefix(length) }
        let index = contentIndex(mimeHeaders["Content-ID"]) ?? fallbackIndex
        return BatchResult(index: index, status: status, headers: headers, body: body)
    }

    private static func parseHeaders(_ data: Data) -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                        value: String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return headers
    }

    /// `<response-item12>` → 12.
    private static func contentIndex(_ contentID: String?) -> Int? {
        guard let contentID, let range = contentID.range(of: "item") else { return nil }
        return Int(contentID[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "<> ")))
    }
}
