@_spi(Locking) import GoogleBase

// MARK: - MiddlewareChain

/// Runs a list of middleware around `terminal`, the first outermost. Only called when the list is
/// not empty: the session takes its direct path otherwise.
enum MiddlewareChain {
    /// `middlewares` around `terminal`, each error a middleware throws itself wrapped as
    /// ``GoogleMiddlewareError`` (errors from `next` pass through unchanged).
    static func run(
        _ middlewares: [any GoogleMiddleware], level: GoogleMiddlewareError.Level, request: GoogleMiddlewareRequest,
        context: GoogleRequestContext, terminal: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        try await step(0, middlewares, level: level, request: request, context: context, terminal: terminal)
    }

    private static func step(
        _ index: Int, _ middlewares: [any GoogleMiddleware], level: GoogleMiddlewareError.Level, request: GoogleMiddlewareRequest,
        context: GoogleRequestContext, terminal: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
    ) async throws -> GoogleMiddlewareResponse {
        guard index < middlewares.count else { return try await terminal(request) }
        let middleware = middlewares[index]
        // Whether the error leaving the middleware came out of `next` (passed on, maybe changed)
        // or is the middleware's own.
        let nextThrew = PlainLock(false)
        do {
            return try await middleware.intercept(request, context: context) { request in
                do {
                    return try await step(index + 1, middlewares, level: level, request: request, context: context, terminal: terminal)
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
