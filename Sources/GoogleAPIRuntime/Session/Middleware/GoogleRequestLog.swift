public import GoogleAuth
import GoogleBase

// MARK: - GoogleRequestLog

/// The request log: one `GoogleAuth/RequestLogEntry` per attempt and per access-token request,
/// with secrets redacted. It is an attempt ``GoogleMiddleware`` (each attempt as sent, with its
/// status, headers and time) and a ``GoogleSessionObserver`` (each token the credentials gave or
/// failed to give, as `GoogleAuth/RequestLogEntry/Kind/accessToken`);
/// ``AuthorizedSession/Configuration/logRequests(_:)`` installs it in both places.
///
/// The wait after an attempt is its own event (``GoogleSessionEvent/Kind/retryScheduled``), so
/// an attempt's `retryDelay` is `nil` here.
public struct GoogleRequestLog: GoogleMiddleware, GoogleSessionObserver {
    let handler: @Sendable (RequestLogEntry) -> Void

    /// - Parameter handler: Receives each entry, on the task that made the request.
    public init(_ handler: @escaping @Sendable (RequestLogEntry) -> Void) {
        self.handler = handler
    }

    public func intercept(
        _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
        next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        let start = ContinuousClock.now
        do {
            let response = try await next(request)
            handler(
                RequestLogEntry(
                    method: request.method, url: request.url, status: response.status, duration: ContinuousClock.now - start,
                    attempt: context.attempt, error: nil, requestHeaders: request.headers, responseHeaders: response.headers,
                    methodID: context.methodID))
            return response
        } catch {
            handler(
                RequestLogEntry(
                    method: request.method, url: request.url, status: nil, duration: ContinuousClock.now - start,
                    attempt: context.attempt, error: SecretRedactor.redact("\(error)"), requestHeaders: request.headers,
                    methodID: context.methodID))
            throw error
        }
    }

    public func observe(_ event: GoogleSessionEvent) {
        // Every time the session asked its credentials, a token loaded from a store included.
        guard event.kind == .tokenRefreshed || event.kind == .tokenLoaded || event.kind == .tokenRefreshFailed else { return }
        handler(
            RequestLogEntry(
                method: .post, url: event.attribute("credentials") ?? "credentials", status: nil, duration: event.duration ?? .zero,
                attempt: Int(event.attribute("attempt") ?? "") ?? 1, error: event.attribute("error"), kind: .accessToken))
    }
}
