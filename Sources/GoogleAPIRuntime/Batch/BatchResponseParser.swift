import Foundation
import GoogleHTTPTypes

// MARK: - BatchResponseParser

/// Parses a `multipart/mixed` batch response into one ``BatchResult`` per part, with the package's
/// one multipart and head parsers (GoogleHTTPTypes' `MultipartBody` and `HTTPHeadParser`).
enum BatchResponseParser {
    /// - Parameters:
    ///   - body: The response body.
    ///   - contentType: The response's `Content-Type` (carries the boundary).
    ///   - firstIndex: The index the chunk's first call has in the caller's list.
    ///   - count: How many calls the chunk held.
    /// - Throws: ``GoogleAPIClientError/Code/invalidResponse`` when the body is not a batch response.
    static func parse(_ body: Data, contentType: String?, firstIndex: Int, count: Int) throws(GoogleAPIClientError) -> [BatchResult] {
        guard let boundary = boundary(in: contentType) else {
            throw .invalidResponse("batch response has no multipart boundary")
        }
        // A proxy may cut the closing delimiter; the part count check below still catches loss.
        guard let parts = MultipartBody.parse(body, boundary: boundary, requiresClosingDelimiter: false) else {
            throw .invalidResponse("batch response is not a multipart body")
        }
        var results: [BatchResult] = []
        for part in parts where !(part.headers.isEmpty && part.body.isEmpty) {
            results.append(try parsePart(part, fallbackIndex: firstIndex + results.count))
        }
        guard results.count == count else {
            throw .invalidResponse("batch response has \(results.count) parts for \(count) calls")
        }
        return results.sorted { $0.index < $1.index }
    }

    static func boundary(in contentType: String?) -> String? {
        MultipartBody.boundary(fromContentType: contentType)
    }

    /// One part: MIME headers, a blank line, then an HTTP response (status line, headers, body).
    private static func parsePart(_ part: MultipartBody.Part, fallbackIndex: Int) throws(GoogleAPIClientError) -> BatchResult {
        guard let response = HTTPHeadParser.parseNestedResponse(part.body) else {
            throw .invalidResponse("batch part has no HTTP status line")
        }
        var body = response.body
        while body.last == 0x0A || body.last == 0x0D { body.removeLast() }
        // A part's declared length trims what the multipart framing left after it; an invalid one
        // (a fuzzer's `-5` crashed `prefix` here) is ignored like a missing one.
        if let length = response.headers.contentLength, length < body.count { body = body.prefix(Int(length)) }
        let index = contentIndex(part.headers["Content-ID"]) ?? fallbackIndex
        return BatchResult(index: index, status: response.status, headers: response.headers, body: body)
    }

    /// `<response-item12>` → 12.
    private static func contentIndex(_ contentID: String?) -> Int? {
        guard let contentID, let range = contentID.range(of: "item") else { return nil }
        return Int(contentID[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "<> ")))
    }
}
