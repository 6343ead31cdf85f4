import Foundation
import GoogleHTTPTypes
import LocalHTTPServer

// MARK: - BatchHandler

/// `/batch/drive/v3` and `/batch/youtube/v3`: a `multipart/mixed` body whose parts are
/// `application/http` requests, answered with a `multipart/mixed` body of their responses, each
/// with `Content-ID: <response-ID>`. Parts inherit the outer `Authorization` header.
struct BatchHandler: Sendable {
    let context: EmulatorContext
    /// Runs one inner request (faults of status kind apply; connection faults do not).
    let dispatch: @Sendable (HTTPServerRequest) async -> HTTPServerResponse
    static let maxParts = 1000

    func register(in router: inout HTTPRouter) {
        router.post("/batch/drive/v3") { request, _ in await handle(request, servicePrefix: "/drive/v3/") }
        router.post("/batch/youtube/v3") { request, _ in await handle(request, servicePrefix: "/youtube/v3/") }
        router.post("/batch") { request, _ in await handle(request, servicePrefix: nil) }
    }

    func handle(_ request: HTTPServerRequest, servicePrefix: String?) async -> HTTPServerResponse {
        guard request.mediaType == "multipart/mixed",
            let boundary = MultipartBody.boundary(fromContentType: request.headers["Content-Type"])
        else {
            return GoogleErrorResponse.badRequest("Batch requests must be multipart/mixed with a boundary.")
        }
        guard let body = await request.collectedBody(maxBytes: context.configuration.maxBatchBytes) else {
            return GoogleErrorResponse.make(status: 413, reason: "batchTooLarge", message: "Batch request too large.")
        }
        guard let parts = MultipartBody.parse(body, boundary: boundary), !parts.isEmpty else {
            return GoogleErrorResponse.badRequest("Failed to parse batch request.")
        }
        guard parts.count <= Self.maxParts else {
            return GoogleErrorResponse.badRequest("A batch request may contain at most \(Self.maxParts) calls.")
        }
        var responses: [MultipartBody.Part] = []
        for (index, part) in parts.enumerated() {
            let contentID = Self.stripAngles(part.headers["Content-ID"] ?? "\(index + 1)")
            let inner = await answer(part, outer: request, servicePrefix: servicePrefix)
            var headers: GoogleHTTPHeaders = ["Content-Type": "application/http"]
            headers["Content-ID"] = "<response-\(contentID)>"
            responses.append(MultipartBody.Part(headers: headers, body: await Self.serialize(inner)))
        }
        let responseBoundary = "batch_" + context.drive.identifiers.next(length: 24)
        return HTTPServerResponse(
            status: 200, headers: ["Content-Type": "multipart/mixed; boundary=\(responseBoundary)"],
            body: .data(MultipartBody.serialize(responses, boundary: responseBoundary)))
    }

    // MARK: - Parts

    private func answer(_ part: MultipartBody.Part, outer: HTTPServerRequest, servicePrefix: String?) async -> HTTPServerResponse {
        guard let inner = Self.parseRequest(part.body, outer: outer) else {
            return GoogleErrorResponse.badRequest("Failed to parse batch part as an HTTP request.")
        }
        if let servicePrefix, !inner.path.hasPrefix(servicePrefix) {
            return GoogleErrorResponse.badRequest("Batch part path \(inner.path) does not belong to this service.")
        }
        if inner.path.hasPrefix("/batch") || inner.path.hasPrefix("/upload") {
            return GoogleErrorResponse.badRequest("Batch parts cannot be batch or media upload requests.")
        }
        return await dispatch(inner)
    }

    /// `METHOD target HTTP/1.1`, header lines, an empty line, the body.
    static func parseRequest(_ data: Data, outer: HTTPServerRequest) -> HTTPServerRequest? {
        guard let inner = HTTPHeadParser.parseNestedRequest(data) else { return nil }
        var headers = inner.headers
        if !headers.contains("Authorization"), let authorization = outer.headers["Authorization"] {
            headers["Authorization"] = authorization
        }
        if let host = outer.headers["Host"], !headers.contains("Host") { headers["Host"] = host }
        return HTTPServerRequest(
            method: inner.method, target: inner.target, headers: headers, body: inner.body,
            connectionID: outer.connectionID)
    }

    /// `HTTP/1.1 200 OK`, headers with `Content-Length`, an empty line, the body.
    static func serialize(_ response: HTTPServerResponse) async -> Data {
        var body: Data
        switch response.body {
        case .data(let data):
            body = data
        case .file(let url, let range):
            let whole = (try? Data(contentsOf: url)) ?? Data()
            body = range.map { whole.subdata(in: Int($0.lowerBound)..<min(Int($0.upperBound), whole.count)) } ?? whole
        case .stream(let stream):
            body = Data()
            do { for try await piece in stream { body.append(piece) } } catch {}
        }
        var text = "HTTP/1.1 \(response.status) \(HTTPStatusReason.phrase(for: response.status))\r\n"
        for field in response.headers where field.name.lowercased() != "content-length" {
            text += "\(field.name): \(field.value)\r\n"
        }
        text += "Content-Length: \(body.count)\r\n\r\n"
        return Data(text.utf8) + body
    }

    static func stripAngles(_ value: String) -> String {
        var trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("<"), trimmed.hasSuffix(">") { trimmed = String(trimmed.dropFirst().dropLast()) }
        return trimmed
    }
}
