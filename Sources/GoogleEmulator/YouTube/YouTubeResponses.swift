import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - YouTubeResponses

/// List envelopes and errors shared by the YouTube handlers.
enum YouTubeResponses {
    static func list(
        kind: String, items: [JSONValue], nextPageToken: String?, prevPageToken: String? = nil, totalResults: Int,
        resultsPerPage: Int, extra: [(String, JSONValue?)] = []
    ) -> HTTPServerResponse {
        var members: [(String, JSONValue?)] = [
            ("kind", .string(kind)),
            ("etag", .string(YouTubeParts.etag(kind, String(totalResults), nextPageToken ?? ""))),
            ("nextPageToken", nextPageToken.map(JSONValue.string)),
            ("prevPageToken", prevPageToken.map(JSONValue.string)),
        ]
        members += extra
        members.append(
            ("pageInfo", .members([("totalResults", .integer(Int64(totalResults))), ("resultsPerPage", .integer(Int64(resultsPerPage)))])))
        members.append(("items", .array(items)))
        return .json(JSONValue.compactObject(members).serialized)
    }

    /// The page of `all` that starts at `offset`, as a list response whose page tokens only work
    /// for the same query (`scope`).
    static func pagedList<Item>(
        kind: String, all: [Item], offset: Int, maxResults: Int, scope: String, json: (Item) -> JSONValue
    ) -> HTTPServerResponse {
        let page = all.dropFirst(offset).prefix(maxResults)
        let next = offset + page.count
        return list(
            kind: kind,
            items: page.map(json),
            nextPageToken: next < all.count && maxResults > 0 ? PageToken.make(offset: next, scope: scope) : nil,
            prevPageToken: offset > 0 ? PageToken.make(offset: max(0, offset - maxResults), scope: scope) : nil,
            totalResults: all.count, resultsPerPage: maxResults)
    }

    /// The `id` filter, comma-separated or repeated; `nil` when absent.
    static func idFilter(_ request: HTTPServerRequest) -> [String]? {
        let ids = request.queryValues("id").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return ids.isEmpty ? nil : ids
    }

    static func resource(_ json: JSONValue) -> HTTPServerResponse {
        .json(json.serialized)
    }

    /// Reads `part`, answering 400 when it is missing or names an unknown part.
    static func parts(_ request: HTTPServerRequest, allowed: Set<String>) -> Result<Set<String>, ErrorResponse> {
        // Clients send `part` comma-separated or, as a repeated parameter, once per value.
        let text = request.queryValues("part").joined(separator: ",")
        guard !text.isEmpty else {
            return .failure(ErrorResponse(GoogleErrorResponse.required("part")))
        }
        guard let parts = YouTubeParts.parse(text, allowed: allowed) else {
            return .failure(
                ErrorResponse(
                    GoogleErrorResponse.make(
                        status: 400, reason: "unknownPart", message: "'\(text)'", domain: "youtube.part",
                        location: "part", locationType: "parameter")))
        }
        return .success(parts)
    }

    /// `maxResults` within `range`, or the default.
    static func maxResults(_ request: HTTPServerRequest, default value: Int, range: ClosedRange<Int>) -> Result<Int, ErrorResponse> {
        guard let text = request.queryValue("maxResults") else { return .success(value) }
        guard let parsed = Int(text), range.contains(parsed) else {
            return .failure(
                ErrorResponse(
                    GoogleErrorResponse.make(
                        status: 400, reason: "invalidValue",
                        message: "Invalid value '\(text)'. Values must be within the range: [\(range.lowerBound), \(range.upperBound)]",
                        location: "maxResults", locationType: "parameter")))
        }
        return .success(parsed)
    }

    /// A page token's offset, answering 400 for tokens that do not belong to this list.
    static func offset(_ request: HTTPServerRequest, scope: String) -> Result<Int, ErrorResponse> {
        guard let token = request.queryValue("pageToken"), !token.isEmpty else { return .success(0) }
        guard let offset = PageToken.offset(from: token, scope: scope) else {
            return .failure(
                ErrorResponse(
                    GoogleErrorResponse.make(
                        status: 400, reason: "invalidPageToken", message: "The request specifies an invalid page token.",
                        domain: "youtube.parameter", location: "pageToken", locationType: "parameter")))
        }
        return .success(offset)
    }

    static func broadcastNotFound() -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 404, reason: "liveBroadcastNotFound", message: "Broadcast not found", domain: "youtube.liveBroadcast")
    }

    static func streamNotFound() -> HTTPServerResponse {
        GoogleErrorResponse.make(status: 404, reason: "liveStreamNotFound", message: "Stream not found", domain: "youtube.liveStream")
    }

    static func chatNotFound() -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 404, reason: "liveChatNotFound", message: "The live chat that you are trying to retrieve cannot be found.",
            domain: "youtube.liveChat")
    }

    static func invalidValue(_ field: String, _ message: String) -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 400, reason: "invalidValue", message: message, domain: "youtube.api", location: field, locationType: "other")
    }

    /// A required member missing from a request body: 400 with YouTube's `…Required` reason.
    static func required(_ reason: String, _ field: String, domain: String) -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 400, reason: reason, message: "The request must specify \(field).", domain: domain, location: field,
            locationType: "other")
    }
}
