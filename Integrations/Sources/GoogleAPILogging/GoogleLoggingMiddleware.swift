public import GoogleAPIRuntime
import GoogleTelemetryConventions
public import Logging

// MARK: - GoogleLoggingMiddleware

/// A session's attempts and events as swift-log messages: an attempt `GoogleMiddleware` that
/// logs each attempt (method ID, HTTP method, redacted URL, status, time), and a
/// `GoogleSessionObserver` that logs retries, token refreshes, the refresh after a 401, quota
/// charges and refusals, transfer resumptions and modules' own steps.
///
/// `AuthorizedSession.Configuration.log(to:)` installs it in both places:
///
/// ```swift
/// var configuration = AuthorizedSession.Configuration()
/// configuration.log(to: Logger(label: "drive-sync"))
/// ```
///
/// Levels: each attempt at ``attemptLevel`` (`debug`); retries, the refresh after a 401 and
/// resumed transfers at `notice`; a failed token request, a quota refusal and the server's
/// quota exhaustion at `warning`; everything else at `debug` (``level(for:)``, overridden
/// per kind by ``eventLevels``).
///
/// Metadata keys, stable: `google.method` (the Discovery method ID), `google.attempt`,
/// `http.request.method`, `url.full` (secret query values masked), `server.address`,
/// `http.response.status_code`, `google.duration_ms`, `error.type` and `error.message` (a failed
/// attempt); on events `google.event` (the kind), `google.retry.delay_ms`, `google.retry.reason`,
/// `google.retry.number`, `google.retry.max`, and each of the event's attributes under `google.`
/// (`google.quota.units`, `google.credentials`, `google.upload.offset`). Nothing is logged that
/// the session did not redact first: no header is logged, URLs and event attributes come masked,
/// and an error's message is masked again here.
public struct GoogleLoggingMiddleware: GoogleMiddleware, GoogleSessionObserver {
    /// Where the messages go.
    public var logger: Logger
    /// The level of each attempt's message.
    public var attemptLevel: Logger.Level
    /// Levels for event kinds that differ from ``level(for:)``.
    public var eventLevels: [GoogleSessionEvent.Kind: Logger.Level]

    /// - Parameters:
    ///   - logger: Where the messages go; its own level filters them as usual.
    ///   - attemptLevel: The level of each attempt's message.
    ///   - eventLevels: Levels for event kinds that differ from ``level(for:)``.
    public init(logger: Logger, attemptLevel: Logger.Level = .debug, eventLevels: [GoogleSessionEvent.Kind: Logger.Level] = [:]) {
        self.logger = logger
        self.attemptLevel = attemptLevel
        self.eventLevels = eventLevels
    }

    /// The default level of an event kind: `notice` for what slows a call down (a retry, the
    /// refresh after a 401, a transfer resuming or a stream reconnecting), `warning` for what
    /// fails it (a token request failing, quota refused or spent), `debug` for the rest.
    public static func level(for kind: GoogleSessionEvent.Kind) -> Logger.Level {
        switch kind {
        case .retryScheduled, .refreshAfterUnauthorized, .uploadResumed, .downloadResumed, .streamReconnected: .notice
        case .tokenRefreshFailed, .quotaRefused, .quotaExhausted: .warning
        default: .debug
        }
    }

    public func intercept(
        _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
        next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        // The logger's level is checked first, so a quiet logger costs one comparison per attempt.
        guard logger.logLevel <= attemptLevel else { return try await next(request) }
        let start = ContinuousClock.now
        var metadata: Logger.Metadata = [
            TelemetryAttribute.requestMethod: "\(TelemetryAttribute.method(request.method))",
            TelemetryAttribute.urlFull: "\(request.url)",
            TelemetryAttribute.attempt: "\(context.attempt)",
        ]
        if let methodID = context.methodID { metadata[TelemetryAttribute.method] = "\(methodID)" }
        if let address = request.serverAddress { metadata[TelemetryAttribute.serverAddress] = "\(address)" }
        let name = context.methodID ?? request.method.rawValue
        do {
            let response = try await next(request)
            let elapsed = ContinuousClock.now - start
            metadata[TelemetryAttribute.statusCode] = "\(response.status)"
            metadata[TelemetryAttribute.duration] = "\(TelemetryAttribute.milliseconds(elapsed))"
            if let errorType = TelemetryAttribute.errorType(status: response.status) {
                metadata[TelemetryAttribute.errorType] = "\(errorType)"
            }
            logger.log(
                level: attemptLevel,
                "\(name) attempt \(context.attempt): \(response.status) in \(TelemetryAttribute.milliseconds(elapsed)) ms",
                metadata: metadata)
            return response
        } catch {
            let elapsed = ContinuousClock.now - start
            metadata[TelemetryAttribute.duration] = "\(TelemetryAttribute.milliseconds(elapsed))"
            metadata[TelemetryAttribute.errorType] = "\(TelemetryAttribute.errorType(error))"
            metadata[TelemetryAttribute.errorMessage] = "\(GoogleRedaction.redact(String(describing: error)))"
            logger.log(
                level: attemptLevel, "\(name) attempt \(context.attempt) failed: \(TelemetryAttribute.errorType(error))", metadata: metadata
            )
            throw error
        }
    }

    public func observe(_ event: GoogleSessionEvent) {
        let level = eventLevels[event.kind] ?? Self.level(for: event.kind)
        guard logger.logLevel <= level else { return }
        var metadata: Logger.Metadata = [TelemetryAttribute.event: "\(event.kind.rawValue)"]
        if let context = event.context {
            if let methodID = context.methodID { metadata[TelemetryAttribute.method] = "\(methodID)" }
            metadata[TelemetryAttribute.attempt] = "\(context.attempt)"
        }
        for attribute in event.attributes {
            metadata[TelemetryAttribute.event(attribute.name)] = "\(attribute.value)"
        }
        if let wait = event.retryWait {
            metadata[TelemetryAttribute.retryDelay] = "\(TelemetryAttribute.milliseconds(wait.delay))"
            metadata[TelemetryAttribute.retryReason] = "\(wait.reason)"
            metadata[TelemetryAttribute.retryNumber] = "\(wait.retry)"
            metadata[TelemetryAttribute.retryMax] = "\(wait.maxRetries)"
            if let status = wait.status { metadata[TelemetryAttribute.statusCode] = "\(status)" }
            if let methodID = wait.methodID { metadata[TelemetryAttribute.method] = "\(methodID)" }
        }
        if let duration = event.duration { metadata[TelemetryAttribute.duration] = "\(TelemetryAttribute.milliseconds(duration))" }
        // The event's description is redacted by the session (its attributes and its wait's URL).
        logger.log(level: level, "\(event.description)", metadata: metadata)
    }
}

extension AuthorizedSession.Configuration {
    /// Logs every attempt and every session event to `logger`: installs a
    /// ``GoogleLoggingMiddleware`` as the last attempt middleware (so it logs the request as the
    /// transport sends it) and as an observer.
    /// - Parameters:
    ///   - logger: Where the messages go.
    ///   - attemptLevel: The level of each attempt's message (`debug`).
    public mutating func log(to logger: Logger, attemptLevel: Logger.Level = .debug) {
        let middleware = GoogleLoggingMiddleware(logger: logger, attemptLevel: attemptLevel)
        attemptMiddleware.append(middleware)
        observers.append(middleware)
    }
}
