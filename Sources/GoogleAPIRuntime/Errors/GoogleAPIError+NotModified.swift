// MARK: - Conditional requests

extension GoogleAPIError {
    /// Whether the server answered a conditional request (``APICallOptions/ifNoneMatch(_:)``)
    /// with 304 Not Modified: the copy the caller holds is current, and there is no new value.
    ///
    ///     do {
    ///         file = try await drive.files.get(fileId: id, options: .ifNoneMatch(etag))
    ///     } catch let error as GoogleAPIError where error.isNotModified {
    ///         // keep the cached file
    ///     }
    public var isNotModified: Bool { status == 304 }

    /// Whether the server refused a conditional change (``APICallOptions/ifMatch(_:)``) with
    /// 412 Precondition Failed: the resource changed since its `ETag` was read.
    public var isPreconditionFailed: Bool { status == 412 }

    /// The response's `ETag` header (a 304 repeats the current one).
    public var etag: String? { headers["ETag"] }
}
