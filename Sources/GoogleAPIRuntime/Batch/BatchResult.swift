public import Foundation
public import GoogleHTTP

// MARK: - BatchResult

/// One call's outcome inside a batch response.
public struct BatchResult: Sendable {
    /// The position of the call in the list passed to `GoogleServiceClient/batch(_:)`.
    public var index: Int
    public var status: Int
    public var headers: GoogleHTTPHeaders
    public var body: Data

    public init(index: Int, status: Int, headers: GoogleHTTPHeaders, body: Data) {
        self.index = index
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The call's error, when its status is not 2xx.
    public var error: GoogleAPIError? {
        isSuccess ? nil : GoogleAPIError(status: status, headers: headers, body: body)
    }

    /// Decodes the call's JSON response.
    /// - Parameters:
    ///   - type: The response type.
    ///   - decoder: The decoder to use.
    /// - Throws: The call's ``GoogleAPIError`` when it failed, or `GoogleJSON/GoogleJSONDecodingError`.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: GoogleJSONDecoder = GoogleJSONDecoder()) throws -> T {
        if let error { throw error }
        return try decoder.decodeResponse(T.self, from: body)
    }
}
