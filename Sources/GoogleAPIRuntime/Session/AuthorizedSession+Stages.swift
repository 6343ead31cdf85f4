import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - The stages

extension AuthorizedSession {
    /// Sends a call through the session's stages, in their documented order — once per call:
    /// call middleware → quota → retry; once per attempt: credentials → attempt middleware →
    /// transport (`attempt`) — and returns the final response, with its error body when a stage
    /// parsed it for a decision (a body is classified once; the thrown ``GoogleAPIError`` reuses
    /// it). A URL whose origin is not trusted with the token is refused before anything runs.
    func perform<Value: Sendable>(
        _ request: GoogleHTTPRequest,
        idempotent: Bool,
        retryPolicy: RetryPolicy,
        methodID: String?,
        chargesQuota: Bool = true,
        callMiddleware: [any GoogleMiddleware] = [],
        attemptMiddleware: [any GoogleMiddleware] = [],
        attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> (value: Value, errorBody: JSONValue?) {
        try requireTokenDestination(request.url)
        var request = request
        if request.maxResponseBodyBytes == nil { request.maxResponseBodyBytes = configuration.maxResponseBodyBytes }
        let quota = SessionQuotaStage(
            methodID: chargesQuota ? methodID : nil, ledger: configuration.quotaLedger, events: events, now: configuration.now)
        let context = GoogleRequestContext(
            methodID: methodID, idempotent: idempotent && request.body.isReplayable, quotaCost: quota.price?.units)
        let retry = SessionRetryStage(policy: retryPolicy, sleep: configuration.sleep, now: configuration.now, events: events)
        // Without middleware (the common case) nothing is combined, boxed or wrapped.
        let attemptStage: SessionAttemptStage? =
            hasAttemptMiddleware || !attemptMiddleware.isEmpty
            ? SessionAttemptStage(
                middleware: Self.combined(configuration.attemptMiddleware, attemptMiddleware),
                timeout: Self.middlewareTimeout(request, retryPolicy)) : nil
        guard hasCallMiddleware || !callMiddleware.isEmpty else {
            let outcome = try await attempts(request, context: context, quota: quota, retry: retry, stage: attemptStage, attempt: attempt)
            return (outcome.value, outcome.errorBody)
        }
        let callChain = Self.combined(configuration.callMiddleware, callMiddleware)
        let response = try await MiddlewareChain.run(
            callChain, level: .call, request: GoogleMiddlewareRequest(request), context: context,
            timeout: Self.middlewareTimeout(request, retryPolicy)
        ) { changed in
            // Middleware changes headers only: the URL checked above is the one sent.
            let outcome = try await self.attempts(
                changed.http, context: context, quota: quota, retry: retry, stage: attemptStage, attempt: attempt)
            return GoogleMiddlewareResponse(head: outcome.head, attempt: outcome.attempt, body: outcome.body, payload: outcome)
        }
        guard let outcome = response.takePayload(as: CallOutcome<Value>.self) else {
            throw GoogleMiddlewareError(middleware: "\(type(of: callChain[0]))", level: .call, failure: .foreignResponse)
        }
        return (outcome.value, outcome.errorBody)
    }

    /// The retry stage around each attempt's quota charge, credentials, attempt middleware and
    /// transport, then the quota stage's look at the answer.
    private func attempts<Value: Sendable>(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext, quota: SessionQuotaStage, retry: SessionRetryStage,
        stage: SessionAttemptStage?, attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> CallOutcome<Value> {
        let credentials = SessionCredentialsStage(session: self)
        return try await retry.run(request, context: context) { context in
            // Each stage is entered only when it has something to do: no suspension point is
            // added to a call without a ledger or middleware.
            if quota.charges { try await quota.charge(context) }
            var outcome = try await credentials.send(request, context: context) { authorized in
                guard let stage else { return try await attempt(authorized) }
                return try await stage.send(authorized, context: context, transport: attempt)
            }
            if outcome.head.status == 403 { try await quota.requireQuotaLeft(&outcome, context: context, request: request) }
            return outcome
        }
    }

    /// What bounds a middleware's own time: the call's request timeout, else the retry policy's
    /// total time, so that a hanging middleware ends every call.
    static func middlewareTimeout(_ request: GoogleHTTPRequest, _ policy: RetryPolicy) -> Duration {
        request.timeouts?.request ?? policy.maxTotalTime
    }

    /// The session's middleware then the call's, without building a new array when one list is
    /// empty (the usual case: middleware set on the session only, or on the call only).
    private static func combined(_ session: [any GoogleMiddleware], _ call: [any GoogleMiddleware]) -> [any GoogleMiddleware] {
        if call.isEmpty { return session }
        if session.isEmpty { return call }
        return session + call
    }

    /// Whether a call with these middleware lists runs any middleware (the session's or its own).
    func hasMiddleware(_ callMiddleware: [any GoogleMiddleware], _ attemptMiddleware: [any GoogleMiddleware]) -> Bool {
        hasCallMiddleware || hasAttemptMiddleware || !callMiddleware.isEmpty || !attemptMiddleware.isEmpty
    }

    /// The size of a downloaded file, for the middleware's view of its body; 0 when unknown.
    static func fileSize(_ file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
