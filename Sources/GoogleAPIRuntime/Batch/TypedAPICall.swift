import Foundation

// MARK: - TypedAPICall

/// A method call together with the type of its response: what generated `…Call(...)` functions
/// return (`drive.files.getCall(.init(fileId:))`), so calls can be batched with typed results.
///
/// Run one alone with ``GoogleServiceClient/execute(_:)-(TypedAPICall<Response>)``, or several
/// in one HTTP request with `GoogleServiceClient/batch(_:)-(TypedAPICall<Response>...)`.
public struct TypedAPICall<Response: Sendable>: Sendable {
    /// The untyped call (path, query, body, scopes).
    public var call: APICall
    /// Turns a successful response body into the response (`()` for methods without one).
    let decode: @Sendable (Data, GoogleJSONDecoder) throws -> Response

    /// A call whose JSON response decodes to `Response`.
    /// - Parameters:
    ///   - call: The call.
    ///   - type: The response type.
    public init(_ call: APICall, as type: Response.Type) where Response: Decodable {
        self.call = call
        decode = { body, decoder in try decoder.decodeResponse(Response.self, from: body) }
    }

    /// A call whose method has no response body.
    /// - Parameter call: The call.
    public init(_ call: APICall) where Response == Void {
        self.call = call
        decode = { _, _ in () }
    }
}
