import Foundation

// MARK: - Typed calls and batches

extension GoogleServiceClient {
    /// Sends one typed call and returns its response.
    /// - Parameter call: A call from a generated `…Call(...)` function.
    /// - Throws: Like ``execute(_:as:)``.
    public func execute<Response>(_ call: TypedAPICall<Response>) async throws -> Response {
        let response = try await send(call.call)
        return try call.decode(response.body, decoder)
    }

    /// Sends `call` and returns its decoded value with the response's status and headers.
    /// - Parameter call: A call from a generated `…Call(...)` function.
    /// - Returns: The value, status and headers (``APIResponse/etag``).
    /// - Throws: Like ``execute(_:as:)``; a 304 answer to ``APICallOptions/ifNoneMatch(_:)``
    ///   is a ``GoogleAPIError`` whose ``GoogleAPIError/isNotModified`` is true.
    public func response<Value>(_ call: TypedAPICall<Value>) async throws -> APIResponse<Value> {
        let response = try await send(call.call)
        return APIResponse(value: try call.decode(response.body, decoder), status: response.status, headers: response.headers)
    }

    /// Sends calls of different types in one batch request; each result has its call's type.
    ///
    ///     let (file, permissions) = try await drive.client.batch(
    ///         drive.files.getCall(.init(fileId: id)),
    ///         drive.permissions.listCall(.init(fileId: id))
    ///     )
    ///     print(try file.get().name, try permissions.get().permissions?.count)
    ///
    /// - Parameter calls: The calls (no media uploads or downloads).
    /// - Returns: One `Result` per call, in order: the decoded response, or the call's
    ///   ``GoogleAPIError`` / decoding error.
    /// - Throws: Like ``batch(_:)-([APICall])`` when the batch request itself fails.
    public func batch<each Response>(
        _ calls: repeat TypedAPICall<each Response>
    ) async throws -> (repeat Result<each Response, any Error>) {
        var untyped: [APICall] = []
        for call in repeat each calls { untyped.append(call.call) }
        let results = try await batch(untyped)
        let cursor = BatchCursor(results)
        return (repeat cursor.next(each calls, decoder: decoder))
    }

    /// Sends calls of one type in batch requests (split at ``maxCallsPerBatch``).
    /// - Parameter calls: The calls (no media uploads or downloads).
    /// - Returns: One `Result` per call, in the order of `calls`.
    /// - Throws: Like ``batch(_:)-([APICall])`` when a batch request itself fails.
    public func batch<Response>(_ calls: [TypedAPICall<Response>]) async throws -> [Result<Response, any Error>] {
        let results = try await batch(calls.map(\.call))
        return zip(calls, results).map { call, result in Self.typedResult(call, result, decoder: decoder) }
    }

    static func typedResult<Response>(_ call: TypedAPICall<Response>, _ result: BatchResult, decoder: GoogleJSONDecoder) -> Result<
        Response, any Error
    > {
        if let error = result.error { return .failure(error) }
        return Result { try call.decode(result.body, decoder) }
    }
}

// MARK: - BatchCursor

/// Hands out batch results in call order while a parameter pack is expanded.
private final class BatchCursor {
    private let results: [BatchResult]
    private var index = 0

    init(_ results: [BatchResult]) { self.results = results }

    func next<Response>(_ call: TypedAPICall<Response>, decoder: GoogleJSONDecoder) -> Result<Response, any Error> {
        defer { index += 1 }
        guard index < results.count else {
            return .failure(GoogleAPIClientError.invalidResponse("batch response has fewer parts than calls"))
        }
        return GoogleServiceClient.typedResult(call, results[index], decoder: decoder)
    }
}
