import Foundation
package import GoogleAPIRuntime

// MARK: - TelemetryAttribute

/// The names the three adapters give what they report, in one place so that a log line, a metric
/// and a span say the same thing the same way. Where OpenTelemetry's semantic conventions name it
/// (HTTP client spans and metrics, `error.type`), the convention's name; Google's own details under
/// `google.`.
package enum TelemetryAttribute {
    // OpenTelemetry: HTTP client.
    package static let requestMethod = "http.request.method"
    package static let statusCode = "http.response.status_code"
    package static let serverAddress = "server.address"
    package static let serverPort = "server.port"
    package static let urlFull = "url.full"
    package static let resendCount = "http.request.resend_count"
    package static let errorType = "error.type"
    package static let errorMessage = "error.message"
    package static let responseBodySize = "http.response.body.size"

    // Google.
    package static let method = "google.method"
    package static let attempt = "google.attempt"
    package static let attempts = "google.attempts"
    package static let idempotent = "google.idempotent"
    package static let quotaCost = "google.quota.cost"
    package static let event = "google.event"
    package static let duration = "google.duration_ms"
    package static let retryDelay = "google.retry.delay_ms"
    package static let retryReason = "google.retry.reason"
    package static let retryNumber = "google.retry.number"
    package static let retryMax = "google.retry.max"
    /// Set (`true`) on a span whose streamed response body its reader left before the end.
    package static let bodyAbandoned = "google.response.body.abandoned"

    /// An event's own attribute (`quota.units`, `credentials`, `upload.offset`) under `google.`.
    package static func event(_ name: String) -> String { "google.\(name)" }

    /// The HTTP method as OpenTelemetry bounds it: the standard methods as they are, any other
    /// as `_OTHER`, so a dimension cannot grow with what a caller invents.
    package static func method(_ method: GoogleHTTPMethod) -> String {
        let name = method.rawValue.uppercased()
        return standardMethods.contains(name) ? name : "_OTHER"
    }

    private static let standardMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE"]

    /// OpenTelemetry's `error.type` for an attempt or a call that failed: the status for an error
    /// status (`503`), and for a thrown error a name from a closed set: the transport failure's
    /// kind (`connectionRefused`, `requestTimeout`), else the error's type (`GoogleMiddlewareError`,
    /// `CancellationError`). Never the error's message, which may hold an ID.
    package static func errorType(status: Int) -> String? {
        status >= 400 ? String(status) : nil
    }

    /// See ``errorType(status:)``.
    package static func errorType(_ error: any Error) -> String {
        if let transport = error as? HTTPTransportError { return transport.kind.rawValue }
        // The session hands middleware an error whose text shows a secret in this wrapper.
        if let redacted = error as? GoogleRedactedError { return redacted.typeName }
        if let api = error as? GoogleAPIError { return String(api.status) }
        return String(describing: type(of: error))
    }

    /// A retry's reason with a bounded set of values: the status that caused it (`503`), else the
    /// transport failure in words (`connection closed`). `RetryWait.reason` itself may name a
    /// Google error reason from the response body.
    package static func retryReason(_ wait: RetryWait) -> String {
        wait.status.map(String.init) ?? wait.reason
    }

    /// Milliseconds, three decimals: `84.125`.
    package static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.3f", seconds(duration) * 1000)
    }

    /// Seconds as a `Double`.
    package static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// `text` with whatever looks like a secret masked, by the runtime's own rule
    /// (`GoogleRedaction`): an error's description reaches a log line or a span through here.
    package static func redacted(_ text: String) -> String {
        GoogleRedaction.redact(text)
    }
}
