import GoogleHTTPTypes

// MARK: - SessionAttemptStage

/// The attempt middleware stage, once per attempt: the session's and the call's attempt
/// middleware around the transport, after the credentials were added. Only built when there is
/// middleware; the session calls the transport directly otherwise.
struct SessionAttemptStage: Sendable {
    /// The session's attempt middleware, then the call's; never empty.
    let middleware: [any GoogleMiddleware]
    /// What bounds each middleware's own time: the call's request timeout, else the retry
    /// policy's total time (``AuthorizedSession/middlewareTimeout(_:_:)``).
    let timeout: Duration?

    /// Sends `authorized` through the middleware to `transport`.
    /// - Throws: ``GoogleMiddlewareError``, or what `transport` throws.
    func send<Value: Sendable>(
        _ authorized: GoogleHTTPRequest, context: GoogleRequestContext,
        transport: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> SessionAttempt<Value> {
        let response = try await MiddlewareChain.run(
            middleware, level: .attempt, request: GoogleMiddlewareRequest(authorized), context: context, timeout: timeout
        ) { changed in
            let outcome = try await transport(changed.http)
            return GoogleMiddlewareResponse(head: outcome.head, attempt: context.attempt, body: outcome.body, payload: outcome)
        }
        guard let outcome = response.takePayload(as: SessionAttempt<Value>.self) else {
            throw GoogleMiddlewareError(middleware: "\(type(of: middleware[0]))", level: .attempt, failure: .foreignResponse)
        }
        return outcome
    }
}
