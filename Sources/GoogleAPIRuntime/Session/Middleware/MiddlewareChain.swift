@_spi(Locking) import GoogleBase

// MARK: - MiddlewareChain

/// Runs a list of middleware around `terminal`, the first outermost. Only called when the list is
/// not empty: the session takes its direct path otherwise.
///
/// Each error a middleware throws itself is wrapped as ``GoogleMiddlewareError`` (errors from
/// `next` pass through unchanged). An error from `terminal` reaches the middleware redacted
/// (``GoogleRedaction/middlewareView(of:)``), and the call throws the original again when the
/// middleware passes on a ``GoogleRedactedError``. With a `timeout` (the call's, else the retry
/// policy's total time), a middleware still running — outside its `next` — when a period of
/// `timeout` ends is cancelled, and the call fails with ``GoogleMiddlewareError/Failure/timedOut``
/// naming it: the time spent inside `next` (the session's stages, the transport, retries) does
/// not count against a middleware.
enum MiddlewareChain {
    typealias Terminal = @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse

    static func run(
        _ middlewares: [any GoogleMiddleware], level: GoogleMiddlewareError.Level, request: GoogleMiddlewareRequest,
        context: GoogleRequestContext, timeout: Duration?, terminal: Terminal
    ) async throws -> GoogleMiddlewareResponse {
        do {
            return try await withoutActuallyEscaping(terminal) { terminal in
                try await bounded(middlewares, level: level, request: request, context: context, timeout: timeout) { request in
                    do {
                        return try await terminal(request)
                    } catch {
                        throw GoogleRedaction.middlewareView(of: error)
                    }
                }
            }
        } catch {
            throw GoogleRedaction.callError(for: error)
        }
    }

    private static func bounded(
        _ middlewares: [any GoogleMiddleware], level: GoogleMiddlewareError.Level, request: GoogleMiddlewareRequest,
        context: GoogleRequestContext, timeout: Duration?, terminal: Terminal
    ) async throws -> GoogleMiddlewareResponse {
        guard let timeout else {
            return try await step(0, middlewares, level: level, request: request, context: context, position: nil, terminal: terminal)
        }
        // The chain runs in a child task racing a watchdog; the group outlives neither, so the
        // closures do not escape the call.
        return try await withoutActuallyEscaping(terminal) { terminal in
            let position = PlainLock(0)
            return try await withThrowingTaskGroup(of: GoogleMiddlewareResponse?.self) { group in
                group.addTask {
                    try await step(0, middlewares, level: level, request: request, context: context, position: position, terminal: terminal)
                }
                group.addTask {
                    // Wakes every `timeout`; gives up on the chain only when a middleware (not the
                    // session inside `next`) is running at that moment.
                    while true {
                        try await Task.sleep(for: timeout)
                        if position.withLock({ $0 }) < middlewares.count { return nil }
                    }
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    let index = min(position.withLock { $0 }, middlewares.count - 1)
                    throw GoogleMiddlewareError(middleware: "\(type(of: middlewares[index]))", level: level, failure: .timedOut)
                }
                return response
            }
        }
    }

    private static func step(
        _ index: Int, _ middlewares: [any GoogleMiddleware], level: GoogleMiddlewareError.Level, request: GoogleMiddlewareRequest,
        context: GoogleRequestContext, position: PlainLock<Int>?, terminal: Terminal
    ) async throws -> GoogleMiddlewareResponse {
        guard index < middlewares.count else { return try await terminal(request) }
        let middleware = middlewares[index]
        // Whether the error leaving the middleware came out of `next` (passed on, maybe changed)
        // or is the middleware's own.
        let nextThrew = PlainLock(false)
        position?.withLock { $0 = index }
        do {
            return try await middleware.intercept(request, context: context) { request in
                position?.withLock { $0 = index + 1 }
                defer { position?.withLock { $0 = index } }
                do {
                    return try await step(
                        index + 1, middlewares, level: level, request: request, context: context, position: position, terminal: terminal)
                } catch {
                    nextThrew.withLock { $0 = true }
                    throw error
                }
            }
        } catch {
            if nextThrew.withLock({ $0 }) { throw error }
            throw GoogleMiddlewareError(middleware: "\(type(of: middleware))", level: level, failure: .threw, underlying: error)
        }
    }
}
