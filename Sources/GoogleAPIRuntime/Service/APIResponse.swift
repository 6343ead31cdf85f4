// MARK: - APIResponse

/// A call's decoded value together with the response's status and headers, for callers that
/// need more than the value: the `ETag` for a later conditional request, a request ID,
/// rate-limit headers.
///
///     let response = try await drive.client.response(drive.files.getCall(.init(fileId: id)))
///     print(response.value.name ?? "", response.etag ?? "no ETag")
///
/// A conditional request the server answers with 304 Not Modified has no value: it throws a
/// ``GoogleAPIError`` whose ``GoogleAPIError/isNotModified`` is true.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded response body (`()` for methods without one).
    public var value: Value
    /// The HTTP status, in `200..<300`.
    public var status: Int
    /// The response headers.
    public var headers: GoogleHTTPHeaders

    /// - Parameters:
    ///   - value: The decoded body.
    ///   - status: The HTTP status.
    ///   - headers: The response headers.
    public init(value: Value, status: Int, headers: GoogleHTTPHeaders) {
        self.value = value
        self.status = status
        self.headers = headers
    }

    /// The `ETag` header: pass it to ``APICallOptions/ifNoneMatch(_:)`` or
    /// ``APICallOptions/ifMatch(_:)`` later.
    public var etag: String? { headers["ETag"] }
}

extension APIResponse: Equatable where Value: Equatable {}
