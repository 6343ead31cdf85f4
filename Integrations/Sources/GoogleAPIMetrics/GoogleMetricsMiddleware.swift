public import CoreMetrics
public import GoogleAPIRuntime
import GoogleTelemetryConventions

// MARK: - GoogleMetricsMiddleware

/// A session's attempts and events as swift-metrics instruments, following OpenTelemetry's
/// semantic conventions for HTTP clients, with Google's method ID and what HTTP does not know
/// (retries, quota, token refreshes).
///
/// `AuthorizedSession.Configuration.recordMetrics(to:)` installs it as an attempt middleware
/// and an observer:
///
/// ```swift
/// var configuration = AuthorizedSession.Configuration()
/// configuration.recordMetrics()   // to MetricsSystem.factory
/// ```
///
/// Instruments (dimensions in brackets; none holds a URL, an ID or a message, so their number
/// stays bounded):
///
/// - `http.client.request.duration`, a timer shown in seconds, once per attempt, from the
///   request's start to the end of its response's body — for a download or a server stream,
///   when its reader finished, failed or left it, not when the head arrived
///   (``GoogleAPIRuntime/GoogleMiddlewareResponse/onBodyEnd(_:)``)
///   [`http.request.method`, `server.address`, `server.port`, `http.response.status_code` when
///   a response came, `error.type` when it failed: the status from 400 on, else the transport
///   failure's kind or the error's type (a body failing part way included), `google.method` when
///   the call has a method ID].
/// - `google.client.retries`, a counter, one per retry scheduled [`google.method`,
///   `google.retry.reason`: the status (`503`) or the transport failure (`connection closed`)].
/// - `google.client.quota.charged` and `google.client.quota.refused`, counters of quota units
///   the session's ledger charged or refused [`google.method`]; `google.client.quota.exhausted`,
///   a counter of calls the server refused for the day's quota [`google.method`].
/// - `google.client.token.refreshes`, a counter of access-token requests [`outcome`: `success`
///   or `failure`], and `google.client.token.duration`, a timer of the successful ones.
/// - `google.client.reauthentications`, a counter of refreshes after a 401 [`google.method`].
public struct GoogleMetricsMiddleware: GoogleMiddleware, GoogleSessionObserver {
    /// The instruments' names.
    public enum Name {
        public static let requestDuration = "http.client.request.duration"
        public static let retries = "google.client.retries"
        public static let quotaCharged = "google.client.quota.charged"
        public static let quotaRefused = "google.client.quota.refused"
        public static let quotaExhausted = "google.client.quota.exhausted"
        public static let tokenRefreshes = "google.client.token.refreshes"
        public static let tokenDuration = "google.client.token.duration"
        public static let reauthentications = "google.client.reauthentications"
    }

    private let factory: (any MetricsFactory)?

    /// - Parameter factory: The backend; `nil` for `MetricsSystem.factory` as it is when each
    ///   value is recorded (so a factory bootstrapped after the session was configured is used).
    public init(factory: (any MetricsFactory)? = nil) {
        self.factory = factory
    }

    private var backend: any MetricsFactory { factory ?? MetricsSystem.factory }

    public func intercept(
        _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
        next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        let start = ContinuousClock.now
        var dimensions = [(TelemetryAttribute.requestMethod, TelemetryAttribute.method(request.method))]
        if let address = request.serverAddress { dimensions.append((TelemetryAttribute.serverAddress, address)) }
        if let port = request.serverPort { dimensions.append((TelemetryAttribute.serverPort, String(port))) }
        do {
            let response = try await next(request)
            dimensions.append((TelemetryAttribute.statusCode, String(response.status)))
            let statusError = TelemetryAttribute.errorType(status: response.status)
            if let statusError { dimensions.append((TelemetryAttribute.errorType, statusError)) }
            // The request lasts until its body ended: at once for a body read whole, when its
            // reader is done with it for a streamed one.
            response.onBodyEnd { [dimensions] end in
                var dimensions = dimensions
                if end.outcome == .failed, statusError == nil, let error = end.error {
                    dimensions.append((TelemetryAttribute.errorType, TelemetryAttribute.errorType(error)))
                }
                recordDuration(end.time - start, dimensions, context)
            }
            return response
        } catch {
            dimensions.append((TelemetryAttribute.errorType, TelemetryAttribute.errorType(error)))
            recordDuration(ContinuousClock.now - start, dimensions, context)
            throw error
        }
    }

    private func recordDuration(_ duration: Duration, _ dimensions: [(String, String)], _ context: GoogleRequestContext) {
        var dimensions = dimensions
        if let methodID = context.methodID { dimensions.append((TelemetryAttribute.method, methodID)) }
        Timer(label: Name.requestDuration, dimensions: dimensions, preferredDisplayUnit: .seconds, factory: backend)
            .recordNanoseconds(nanoseconds(duration))
    }

    public func observe(_ event: GoogleSessionEvent) {
        let methodID = event.context?.methodID ?? event.retryWait?.methodID
        let method: [(String, String)] = methodID.map { [(TelemetryAttribute.method, $0)] } ?? []
        switch event.kind {
        case .retryScheduled:
            guard let wait = event.retryWait else { return }
            Counter(
                label: Name.retries, dimensions: method + [(TelemetryAttribute.retryReason, TelemetryAttribute.retryReason(wait))],
                factory: backend
            )
            .increment()
        case .quotaCharged, .quotaRefused:
            guard let units = event.attribute("quota.units").flatMap(Int64.init), units > 0 else { return }
            let label = event.kind == .quotaCharged ? Name.quotaCharged : Name.quotaRefused
            Counter(label: label, dimensions: method, factory: backend).increment(by: units)
        case .quotaExhausted:
            Counter(label: Name.quotaExhausted, dimensions: method, factory: backend).increment()
        case .tokenRefreshed, .tokenRefreshFailed:
            let outcome = event.kind == .tokenRefreshed ? "success" : "failure"
            Counter(label: Name.tokenRefreshes, dimensions: [("outcome", outcome)], factory: backend).increment()
            if event.kind == .tokenRefreshed, let duration = event.duration {
                Timer(label: Name.tokenDuration, dimensions: [], preferredDisplayUnit: .seconds, factory: backend)
                    .recordNanoseconds(nanoseconds(duration))
            }
        case .refreshAfterUnauthorized:
            Counter(label: Name.reauthentications, dimensions: method, factory: backend).increment()
        default:
            return
        }
    }

    private func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let whole = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return .max }
        return whole.partialValue + attoseconds / 1_000_000_000
    }
}

extension AuthorizedSession.Configuration {
    /// Records OpenTelemetry's HTTP-client metrics and the session's retries, quota and token
    /// refreshes: installs a ``GoogleMetricsMiddleware`` as the last attempt middleware and as an
    /// observer.
    /// - Parameter factory: The backend; `nil` for `MetricsSystem.factory`.
    public mutating func recordMetrics(to factory: (any MetricsFactory)? = nil) {
        let middleware = GoogleMetricsMiddleware(factory: factory)
        attemptMiddleware.append(middleware)
        observers.append(middleware)
    }
}
