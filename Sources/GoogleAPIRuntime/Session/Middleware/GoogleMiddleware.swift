// MARK: - GoogleMiddleware

/// Code an ``AuthorizedSession`` runs around each call or each attempt it sends: to add a header
/// (`traceparent`), time a call, count its attempts, or open a span named by its method ID.
///
/// One protocol, two placements, in this order:
///
/// - **Call middleware** (``AuthorizedSession/Configuration/callMiddleware``, then
///   ``APICallOptions/callMiddleware``) runs once per call, before quota is charged and around
///   every retry: `next` returns the final response, after all attempts.
/// - **Attempt middleware** (``AuthorizedSession/Configuration/attemptMiddleware``, then
///   ``APICallOptions/attemptMiddleware``) runs once per attempt, after the credentials were
///   added and before the transport sends it: `next` returns that attempt's response (a re-send
///   after a 401 refresh runs it again, with the same ``GoogleRequestContext/attempt``).
///
/// A middleware sees the request as a ``GoogleMiddlewareRequest`` (method, redacted URL and
/// headers, server address), may change its headers, calls `next` at most once with it (`next`
/// cannot outlive the call to ``intercept(_:context:next:)``), and
/// sees the response head (``GoogleMiddlewareResponse``; for a streamed body,
/// ``GoogleMiddlewareResponse/onBodyEnd(_:)`` says when it ended) or the error `next` throws. It returns
/// the response `next` returned, or throws: an error it throws itself (not one `next` threw)
/// ends the call as ``GoogleMiddlewareError``, and the response it dropped is released (an
/// unread streaming body aborts its transfer). It cannot read the access token or the API key:
/// the session redacts them from everything a middleware can read, and ignores a middleware
/// setting them.
///
/// The errors `next` throws are redacted too: a transport failure is the same
/// `GoogleHTTPTypes/HTTPTransportError` (its `kind` and `code`) with no query value in its `url`
/// or in URLs in its `message` and no token, key or other secret in its `message`; the package's
/// own errors pass as they are (their descriptions are redacted by their types); any other error
/// whose text shows a secret arrives as ``GoogleRedactedError``. Passing on what `next` threw
/// leaves the call to throw the original error, type and code intact.
///
/// Every call bounds a middleware's own time (outside `next`): by the call's timeout, else by
/// its retry policy's ``RetryPolicy/maxTotalTime``. A middleware still running when that passes
/// is cancelled and the call fails with ``GoogleMiddlewareError/Failure/timedOut`` naming it.
///
/// Time a call or an attempt around `next` with a clock:
///
/// ```swift
/// struct Timing: GoogleMiddleware {
///     func intercept(
///         _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
///         next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
///     ) async throws -> GoogleMiddlewareResponse {
///         let start = ContinuousClock.now
///         defer { print(context.methodID ?? request.method.rawValue, ContinuousClock.now - start) }
///         return try await next(request)
///     }
/// }
/// ```
public protocol GoogleMiddleware: Sendable {
    /// Runs around one call or attempt.
    /// - Parameters:
    ///   - request: The request as this level sees it; pass it (with any header changes) to `next`.
    ///   - context: The Discovery method ID, the attempt (1 at the call level), idempotency and
    ///     quota cost.
    ///   - next: Runs the rest: the inner middleware, then the session's stages and the transport.
    /// - Returns: The response `next` returned.
    /// - Throws: What `next` threw, or an error of the middleware's own (the call then fails with
    ///   ``GoogleMiddlewareError``).
    func intercept(
        _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
        next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse
}
