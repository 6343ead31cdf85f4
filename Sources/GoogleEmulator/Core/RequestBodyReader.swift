import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - Request bodies

extension HTTPServerRequest {
    /// The body in memory, whether the server streamed it or not.
    /// - Returns: `nil` when it is larger than `maxBytes` or the connection failed.
    func collectedBody(maxBytes: Int) async -> Data? {
        guard let stream = bodyStream else { return body.count <= maxBytes ? body : nil }
        return try? await stream.collect(upTo: maxBytes)
    }

    /// The body as chunks, whether streamed or buffered.
    var bodyChunks: BodyChunks {
        BodyChunks(stream: bodyStream, buffered: body)
    }

    /// A `Content-Type` media type without parameters, lowercased.
    var mediaType: String? {
        headers["Content-Type"].map { $0.split(separator: ";").first.map(String.init) ?? $0 }?
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The body parsed as a JSON object; `.object([])` when empty, `nil` when not JSON.
    func jsonBody() async -> JSONValue? {
        guard let data = await collectedBody(maxBytes: 16 * 1024 * 1024) else { return nil }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .members([]) }
        guard let json = JSONValue.parse(data), json.isObject else { return nil }
        return json
    }
}
