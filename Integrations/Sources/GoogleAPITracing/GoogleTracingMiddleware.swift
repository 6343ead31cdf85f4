public import GoogleAPIRuntime
import GoogleTelemetryConventions
public import Tracing

// MARK: - GoogleTracingMiddleware

/// swift-distributed-tracing spans for a session's calls: at the ``Level/call`` level a span per
/// call named by its Discovery method ID (`drive.files.list`, kind `client`), at the
/// ``Level/attempt`` level a child span per attempt named by its HTTP method (`GET`, as
/// OpenTelemetry names HTTP client spans), each with OpenTelemetry's HTTP attributes, and, as an
/// option, the attempt's span context injected into the request's headers (`traceparent` with a
/// W3C tracer) so the server's spans join the trace.
///
/// `AuthorizedSession.Configuration.trace(with:propagateContext:)` installs both levels and a
/// ``GoogleTracingObserver``, which adds the session's events (retry waits, token refreshes, the
/// refresh after a 401, quota) to the span current on the task that caused them:
///
/// ```swift
/// var configuration = AuthorizedSession.Configuration()
/// configuration.trace(propagateContext: true)   // InstrumentationSystem.tracer
/// ```
///
/// A span ends when its response's body ended
/// (``GoogleAPIRuntime/GoogleMiddlewareResponse/onBodyEnd(_:)``): for a download or a server
/// stream, when its reader finished, failed or left it — a body failing part way marks the span
/// failed, one left unfinished sets `google.response.body.abandoned` — not when the head arrived.
///
/// Attributes: `google.method`, `http.request.method`, `url.full` (secret query values masked),
/// `server.address`, `server.port`, `http.response.status_code`, `http.response.body.size`,
/// `error.type` (a status from 400
/// on, the transport failure's kind or the error's type); on an attempt,
/// `http.request.resend_count` from the second on; on a call, `google.attempts` and
/// `google.idempotent`. A status from 400 on or a thrown error sets the span's status to error;
/// a thrown error is recorded on the span (its description, as the session's errors give it,
/// never holds a token).
public struct GoogleTracingMiddleware: GoogleMiddleware {
    /// Where the middleware is installed, which decides the span it opens.
    public enum Level: Sendable {
        /// Once per call (`AuthorizedSession.Configuration.callMiddleware`): the span named by the
        /// method ID, around every attempt and wait.
        case call
        /// Once per attempt (`AuthorizedSession.Configuration.attemptMiddleware`): a span per
        /// attempt, a child of the call's.
        case attempt
    }

    /// Which span this middleware opens.
    public let level: Level
    /// Whether an attempt injects its span context into the request's headers (no effect at the
    /// call level).
    public let propagateContext: Bool
    private let tracer: (any Tracer)?

    /// - Parameters:
    ///   - level: Where the middleware is installed.
    ///   - tracer: The tracer; `nil` for `InstrumentationSystem.tracer` as it is when each span starts.
    ///   - propagateContext: Whether each attempt injects its span context into the request's
    ///     headers through the tracer (`Instrument/inject(_:into:using:)`): off by default, as the
    ///     headers then tell Google's servers the trace's identifiers.
    public init(_ level: Level, tracer: (any Tracer)? = nil, propagateContext: Bool = false) {
        self.level = level
        self.tracer = tracer
        self.propagateContext = propagateContext
    }

    public func intercept(
        _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
        next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        let chosen: any Tracer = tracer ?? InstrumentationSystem.tracer
        return try await traced(chosen, request, context, next)
    }

    /// Opens the tracer's existential so its spans keep their type.
    private func traced<T: Tracer>(
        _ tracer: T, _ request: GoogleMiddlewareRequest, _ context: GoogleRequestContext,
        _ next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        let name: String
        switch level {
        case .call: name = context.methodID ?? TelemetryAttribute.method(request.method)
        case .attempt: name = TelemetryAttribute.method(request.method)
        }
        let span = tracer.startSpan(name, context: InstrumentationContext.current ?? .topLevel, ofKind: .client)
        span.updateAttributes { attributes in
            if let methodID = context.methodID { attributes[TelemetryAttribute.method] = methodID }
            attributes[TelemetryAttribute.requestMethod] = TelemetryAttribute.method(request.method)
            attributes[TelemetryAttribute.urlFull] = request.url
            if let address = request.serverAddress { attributes[TelemetryAttribute.serverAddress] = address }
            if let port = request.serverPort { attributes[TelemetryAttribute.serverPort] = port }
            switch level {
            case .call: attributes[TelemetryAttribute.idempotent] = context.idempotent
            case .attempt where context.attempt > 1: attributes[TelemetryAttribute.resendCount] = context.attempt - 1
            case .attempt: break
            }
        }
        var request = request
        if level == .attempt, propagateContext {
            tracer.inject(span.context, into: &request, using: GoogleMiddlewareHeaderInjector())
        }
        do {
            let response = try await InstrumentationContext.$current.withValue(span.context) {
                try await GoogleTracingObserver.$currentSpan.withValue(span) {
                    try await next(request)
                }
            }
            span.updateAttributes { attributes in
                attributes[TelemetryAttribute.statusCode] = response.status
                if level == .call { attributes[TelemetryAttribute.attempts] = response.attempt }
                if let errorType = TelemetryAttribute.errorType(status: response.status) {
                    attributes[TelemetryAttribute.errorType] = errorType
                }
            }
            if response.status >= 400 { span.setStatus(SpanStatus(code: .error)) }
            // The span lasts until the response's body ended: at once for a body read whole,
            // when its reader is done with it for a download's or a stream's.
            response.onBodyEnd { end in
                span.attributes[TelemetryAttribute.responseBodySize] = end.bytes
                switch end.outcome {
                case .completed: break
                case .failed:
                    if let error = end.error { Self.record(error, on: span) }
                case .abandoned:
                    span.attributes[TelemetryAttribute.bodyAbandoned] = true
                }
                span.end()
            }
            return response
        } catch {
            defer { span.end() }
            Self.record(error, on: span)
            throw error
        }
    }

    /// Marks `span` failed with `error`: its type as `error.type`, the error recorded. A tracer
    /// exports the error's description; one that quotes a secret (an error the session did not
    /// make itself, passed through unchanged) is recorded masked.
    private static func record(_ error: any Error, on span: some Span) {
        span.attributes[TelemetryAttribute.errorType] = TelemetryAttribute.errorType(error)
        let text = String(describing: error)
        let masked = TelemetryAttribute.redacted(text)
        span.recordError(masked == text ? error : MaskedError(type: TelemetryAttribute.errorType(error), description: masked))
        span.setStatus(SpanStatus(code: .error, message: masked))
    }
}

// MARK: - MaskedError

/// What a span records in place of an error whose description quoted a secret: the error's type
/// and its description, masked.
struct MaskedError: Error, CustomStringConvertible {
    let type: String
    let description: String
}

// MARK: - GoogleMiddlewareHeaderInjector

/// Writes what a tracer injects (`traceparent`, `tracestate`, …) as request headers; the session
/// ignores any attempt to set its own credential headers.
struct GoogleMiddlewareHeaderInjector: Injector {
    func inject(_ value: String, forKey key: String, into request: inout GoogleMiddlewareRequest) {
        request.setHeader(key, value)
    }
}

extension AuthorizedSession.Configuration {
    /// Traces every call: installs a call-level ``GoogleTracingMiddleware`` first among the call
    /// middleware (so the call's span encloses the others'), an attempt-level one last among the
    /// attempt middleware (so the injected context is the attempt's), and a
    /// ``GoogleTracingObserver``.
    /// - Parameters:
    ///   - tracer: The tracer; `nil` for `InstrumentationSystem.tracer`.
    ///   - propagateContext: Whether each attempt injects its span context into its headers.
    public mutating func trace(with tracer: (any Tracer)? = nil, propagateContext: Bool = false) {
        callMiddleware.insert(GoogleTracingMiddleware(.call, tracer: tracer), at: 0)
        attemptMiddleware.append(GoogleTracingMiddleware(.attempt, tracer: tracer, propagateContext: propagateContext))
        observers.append(GoogleTracingObserver())
    }
}
