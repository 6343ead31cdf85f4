import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - ResponseSchema

/// The Discovery schema of a route's JSON answer (`FileList`, `LiveBroadcast`, …), which the
/// request's `fields` mask is checked against before the route runs and applied to after.
struct ResponseSchema: Sendable {
    let name: String
    let table: DiscoverySchemaTable

    /// A schema of Drive v3.
    static func drive(_ name: String) -> ResponseSchema {
        ResponseSchema(name: name, table: DriveResponseSchemas.table)
    }

    /// A schema of YouTube Data v3.
    static func youTube(_ name: String) -> ResponseSchema {
        ResponseSchema(name: name, table: YouTubeResponseSchemas.table)
    }

    /// `handler` behind the `fields` parameter, as Google's front end does it: a mask that does not
    /// parse or names a member this schema lacks is a 400 before anything runs (so a refused
    /// update changes nothing); otherwise a successful JSON answer keeps exactly the members the
    /// mask selects. A media download (`alt=media`) is not JSON and is left alone.
    func masking(_ handler: @escaping HTTPRouter.Handler) -> HTTPRouter.Handler {
        let schema = self
        return { request, parameters in
            guard let text = request.queryValue("fields"), !text.isEmpty, request.queryValue("alt") != "media" else {
                return await handler(request, parameters)
            }
            let mask: FieldMask
            switch FieldMask.checked(text, against: schema.name, in: schema.table) {
            case .success(let checked): mask = checked
            case .failure(let refusal): return Self.invalidSelection(refusal.selection)
            }
            var response = await handler(request, parameters)
            guard (200..<300).contains(response.status), response.headers["Content-Type"]?.hasPrefix("application/json") == true,
                case .data(let body) = response.body, let json = JSONValue.parse(body)
            else { return response }
            response.body = .data(mask.apply(to: json).serialized)
            return response
        }
    }

    /// Drive's answer to a mask it refuses (Drive v3, as reported from the real service: 400,
    /// reason `invalidParameter`, location `fields`, and the message naming the selection);
    /// YouTube Data v3 reads `fields` in the same front end.
    static func invalidSelection(_ selection: String) -> HTTPServerResponse {
        GoogleErrorResponse.make(
            status: 400, reason: "invalidParameter", message: "Invalid field selection \(selection)", location: "fields",
            locationType: "parameter")
    }
}
