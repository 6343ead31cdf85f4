import Foundation
import GoogleHTTPTypes

// MARK: - BatchRequestWriter

/// Writes Google's `multipart/mixed` batch request: one `application/http` part per call, each
/// holding the call's request line, headers and body (framed by the shared `MultipartBody`).
struct BatchRequestWriter {
    let boundary: String

    init(boundary: String = "batch_" + MultipartRelatedBody.randomBoundary()) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/mixed; boundary=\(boundary)" }

    /// - Parameters:
    ///   - requests: The calls' requests (absolute URLs; only path and query are written).
    ///   - firstIndex: The index of the first request in the caller's list (for `Content-ID`).
    /// - Throws: ``GoogleAPIClientError/Code/invalidHeaderValue`` for a header that would break
    ///   out of its part.
    func body(for requests: [GoogleHTTPRequest], firstIndex: Int) throws(GoogleAPIClientError) -> Data {
        var parts: [MultipartBody.Part] = []
        for (offset, request) in requests.enumerated() {
            var head = "\(request.method.rawValue) \(Self.requestTarget(request.url)) HTTP/1.1\r\n"
            // The batch request itself carries the authorization.
            for field in request.headers where field.name.lowercased() != "authorization" {
                try HeaderFieldCheck.validate(name: field.name, value: field.value)
                head += "\(field.name): \(field.value)\r\n"
            }
            var payload = Data()
            if case .data(let data) = request.body { payload = data }
            if !payload.isEmpty { head += "Content-Length: \(payload.count)\r\n" }
            let partHeaders: GoogleHTTPHeaders = [
                "Content-Type": "application/http", "Content-Transfer-Encoding": "binary",
                "Content-ID": "<item\(firstIndex + offset)>",
            ]
            parts.append(MultipartBody.Part(headers: partHeaders, body: Data((head + "\r\n").utf8) + payload))
        }
        return MultipartBody.serialize(parts, boundary: boundary)
    }

    /// The request target as sent: percent-encoded path and query.
    private static func requestTarget(_ url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "/" }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        return target
    }
}
