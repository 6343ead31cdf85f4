import GoogleBase

// MARK: - GoogleMiddlewareError

/// A call a ``GoogleMiddleware`` ended: it threw an error of its own (not one its `next` threw,
/// which passes through unchanged), was cancelled, outlasted the call's timeout (or, without one,
/// its retry policy's total time), or returned a
/// response that is not the one `next` gave it. The response the session had, if any, was
/// released (an unread streaming body aborts its transfer).
public struct GoogleMiddlewareError: Error, Sendable, CustomStringConvertible {
    /// How the middleware ended the call.
    public enum Failure: Sendable, Hashable {
        /// It threw ``GoogleMiddlewareError/underlying`` (a `CancellationError` when it gave up
        /// because its task was cancelled).
        case threw
        /// It was still running when the call's timeout (else its retry policy's
        /// ``RetryPolicy/maxTotalTime``) passed.
        case timedOut
        /// It returned a response `next` did not give it for this call.
        case foreignResponse
    }

    /// The middleware's type, e.g. `TracingMiddleware`.
    public var middleware: String
    /// Whether it ran around the call or one attempt.
    public var level: Level
    /// How it ended the call.
    public var failure: Failure
    /// What it threw (``Failure/threw``), else `nil`.
    public var underlying: (any Error)?

    /// The level a middleware runs at.
    public enum Level: String, Sendable, Hashable {
        case call
        case attempt
    }

    /// - Parameters: See the properties.
    public init(middleware: String, level: Level, failure: Failure, underlying: (any Error)? = nil) {
        self.middleware = middleware
        self.level = level
        self.failure = failure
        self.underlying = underlying
    }

    /// `attempt middleware TracingMiddleware threw: …` (the underlying error redacted).
    public var description: String {
        let what =
            switch failure {
            case .threw: "threw: \(underlying.map { SecretRedactor.redact("\($0)") } ?? "an error")"
            case .timedOut: "was still running when the call's timeout passed"
            case .foreignResponse: "returned a response its next did not give it"
            }
        return "\(level.rawValue) middleware \(middleware) \(what)"
    }
}
