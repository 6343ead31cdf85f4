import Foundation
import GoogleBase
import LocalHTTPServer

// MARK: - ConditionalGet

/// Entity tags for JSON resources (RFC 9110 §8.8.3, §13.1.2): a strong `ETag` derived from the
/// representation sent (so a different `fields` mask is a different representation), and
/// 304 Not Modified, without a body, when the request's `If-None-Match` names it.
enum ConditionalGet {
    /// `response` with its `ETag`, or the 304 that replaces it. Only successful in-memory
    /// bodies get a tag; anything else passes through unchanged.
    /// - Parameters:
    ///   - response: The full answer the request would get.
    ///   - request: The request (its `If-None-Match`).
    static func apply(to response: HTTPServerResponse, for request: HTTPServerRequest) -> HTTPServerResponse {
        guard response.status == 200, case .data(let body) = response.body else { return response }
        let tag = etag(of: body)
        if let condition = request.headers["If-None-Match"], matches(condition, tag) {
            return HTTPServerResponse(status: 304, headers: ["ETag": tag])
        }
        var tagged = response
        tagged.headers["ETag"] = tag
        return tagged
    }

    /// A quoted strong tag: the first 16 bytes of the body's MD5, in hex.
    static func etag(of body: Data) -> String {
        var digest = ContentMD5()
        digest.update(body)
        return "\"\(digest.finalizeHex())\""
    }

    /// Whether an `If-None-Match` value (`*` or a list of tags, weak ones with `W/`) names
    /// `tag`; weak comparison, as the RFC requires for `If-None-Match`.
    static func matches(_ condition: String, _ tag: String) -> Bool {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        return trimmed.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }
}
