public import GoogleAPIRuntime
import GoogleTelemetryConventions
import Tracing

// MARK: - GoogleTracingObserver

/// Adds a session's events to the span a ``GoogleTracingMiddleware`` opened on the task that
/// caused them: a retry's wait and a token refresh land on the call's span (they happen between
/// attempts), what happens during an attempt on the attempt's. An event outside any such span
/// (a session without the middleware) is dropped.
///
/// Each span event is named by the event's kind (`retryScheduled`, `tokenRefreshed`,
/// `refreshAfterUnauthorized`, `quotaCharged`…) with the event's attributes under `google.`
/// (`google.quota.units`), and for a retry `google.retry.delay_ms`, `google.retry.reason`,
/// `google.retry.number`, `google.retry.max` and `http.response.status_code`.
public struct GoogleTracingObserver: GoogleSessionObserver {
    /// The span the innermost ``GoogleTracingMiddleware`` of the current task opened.
    @TaskLocal static var currentSpan: (any Span)?

    public init() {}

    public func observe(_ event: GoogleSessionEvent) {
        guard let span = Self.currentSpan else { return }
        var attributes = SpanAttributes()
        if let context = event.context {
            if let methodID = context.methodID { attributes[TelemetryAttribute.method] = methodID }
            attributes[TelemetryAttribute.attempt] = context.attempt
        }
        for attribute in event.attributes {
            attributes[TelemetryAttribute.event(attribute.name)] = attribute.value
        }
        if let wait = event.retryWait {
            attributes[TelemetryAttribute.retryDelay] = TelemetryAttribute.seconds(wait.delay) * 1000
            attributes[TelemetryAttribute.retryReason] = wait.reason
            attributes[TelemetryAttribute.retryNumber] = wait.retry
            attributes[TelemetryAttribute.retryMax] = wait.maxRetries
            if let status = wait.status { attributes[TelemetryAttribute.statusCode] = status }
        }
        if let duration = event.duration { attributes[TelemetryAttribute.duration] = TelemetryAttribute.seconds(duration) * 1000 }
        span.addEvent(SpanEvent(name: event.kind.rawValue, attributes: attributes))
    }
}
