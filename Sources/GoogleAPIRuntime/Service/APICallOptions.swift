// MARK: - APICallOptions

/// Settings for one call, without rebuilding the service: the standard `quotaUser` parameter,
/// extra request headers (`If-Match`, `If-None-Match`), a timeout, a retry policy and middleware.
///
/// Every generated method takes them as `options:`, next to its `fields:` mask
/// (``GoogleFieldMask``, the one way to ask for a partial response):
///
///     let page = try await drive.files.list(pageSize: 10, fields: [.nextPageToken, .files([.id, .name])])
///     let file = try await drive.files.get(fileId: id, options: .init(timeout: .seconds(10), retryPolicy: .disabled))
///
/// What is set here replaces the service's ``GoogleServiceClient/standardParameters`` and the
/// session's ``AuthorizedSession/Configuration/retry`` for this call only; what is `nil` keeps them.
public struct APICallOptions: Sendable {
    /// The call's field mask as sent, set from a generated method's `fields:` argument.
    @_spi(Generated) public var fields: String?
    /// Attributes quota to a user when calling from a server.
    public var quotaUser: String?
    /// Headers added to the call's request, e.g. `If-None-Match` with an ETag. They replace
    /// headers of the same name the runtime would send, except `Authorization`, which the
    /// session always sets.
    public var headers: GoogleHTTPHeaders
    /// The longest each HTTP request of the call may take, from start to last byte (the
    /// transport's request timeout; a timed-out attempt fails with `HTTPTransportError` and is
    /// retried like any transient failure). Bound the whole call, retries included, with
    /// `retryPolicy`'s `maxTotalTime`. `nil` keeps the transport's.
    public var timeout: Duration?
    /// Replaces the session's retry policy for this call (e.g. ``RetryPolicy/disabled``).
    public var retryPolicy: RetryPolicy?
    /// Middleware run around this call, inside the session's
    /// ``AuthorizedSession/Configuration/callMiddleware`` (see ``GoogleMiddleware``).
    public var callMiddleware: [any GoogleMiddleware]
    /// Middleware run around each attempt of this call, inside the session's
    /// ``AuthorizedSession/Configuration/attemptMiddleware``.
    public var attemptMiddleware: [any GoogleMiddleware]

    /// - Parameters:
    ///   - quotaUser: The user quota is attributed to.
    ///   - headers: Extra request headers.
    ///   - timeout: The longest each HTTP request of the call may take.
    ///   - retryPolicy: Replaces the session's retry policy for this call.
    ///   - callMiddleware: Middleware around this call.
    ///   - attemptMiddleware: Middleware around each attempt of this call.
    public init(
        quotaUser: String? = nil, headers: GoogleHTTPHeaders = [:], timeout: Duration? = nil,
        retryPolicy: RetryPolicy? = nil, callMiddleware: [any GoogleMiddleware] = [], attemptMiddleware: [any GoogleMiddleware] = []
    ) {
        self.quotaUser = quotaUser
        self.headers = headers
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.callMiddleware = callMiddleware
        self.attemptMiddleware = attemptMiddleware
    }

    // MARK: - Conditional requests

    /// Options asking for the resource only when it changed since `etag` was read: the server
    /// answers 304, thrown as a ``GoogleAPIError`` whose ``GoogleAPIError/isNotModified`` is true.
    /// - Parameter etag: The `ETag` of an earlier response (``APIResponse/etag``).
    public static func ifNoneMatch(_ etag: String) -> APICallOptions {
        APICallOptions(headers: ["If-None-Match": etag])
    }

    /// Options making a change conditional on the resource still having `etag`: the server
    /// answers 412 Precondition Failed otherwise.
    /// - Parameter etag: The `ETag` of an earlier response (``APIResponse/etag``).
    public static func ifMatch(_ etag: String) -> APICallOptions {
        APICallOptions(headers: ["If-Match": etag])
    }

    /// These options with the mask a generated method's `fields:` argument gives, when it is
    /// not `nil`.
    /// - Parameter mask: A field mask, or `nil` for the whole response.
    @_spi(Generated) @inlinable
    public func withFields<Response>(_ mask: GoogleFieldMask<Response>?) -> APICallOptions {
        guard let mask else { return self }
        var options = self
        options.fields = mask.description
        return options
    }
}
