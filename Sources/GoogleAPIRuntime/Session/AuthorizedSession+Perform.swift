import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - The attempt loop

extension AuthorizedSession {
    /// Runs `attempt` with authorization until it yields a final response: refreshes once after a
    /// 401, and retries retryable outcomes within `retryPolicy` when the request may be repeated.
    /// A URL whose origin is not trusted with the token is refused before anything is sent. The
    /// request context (method ID, attempt, idempotency, quota cost) names every report. The
    /// final response's error body, when the session parsed it for a decision, comes back with the
    /// value: a body is classified once, here, and the thrown ``GoogleAPIError`` reuses it.
    func perform<Value: Sendable>(
        _ request: GoogleHTTPRequest,
        idempotent: Bool,
        retryPolicy: RetryPolicy,
        methodID: String?,
        callMiddleware: [any GoogleMiddleware] = [],
        attemptMiddleware: [any GoogleMiddleware] = [],
        attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> (value: Value, errorBody: JSONValue?) {
        try requireTokenDestination(request.url)
        var request = request
        if request.maxResponseBodyBytes == nil { request.maxResponseBodyBytes = configuration.maxResponseBodyBytes }
        // Priced once, by the method ID; charged before every attempt, as the server charges each one.
        let price = methodID.flatMap { id in configuration.quotaLedger?.pricing.price(ofMethod: id) }
        let context = GoogleRequestContext(
            methodID: methodID, idempotent: idempotent && request.body.isReplayable, quotaCost: price?.units)
        // Without middleware (the common case) nothing is combined, boxed or wrapped.
        let attemptChain: [any GoogleMiddleware]? =
            hasAttemptMiddleware
            ? configuration.attemptMiddleware + attemptMiddleware : attemptMiddleware.isEmpty ? nil : attemptMiddleware
        guard hasCallMiddleware || !callMiddleware.isEmpty else {
            let outcome = try await attempts(
                request, context: context, retryPolicy: retryPolicy, price: price, attemptChain: attemptChain, attempt: attempt)
            return (outcome.value, outcome.errorBody)
        }
        let callChain = hasCallMiddleware ? configuration.callMiddleware + callMiddleware : callMiddleware
        let response = try await MiddlewareChain.run(callChain, level: .call, request: GoogleMiddlewareRequest(request), context: context) {
            // Middleware changes headers only: the URL checked above is the one sent.
            changed in
            let outcome = try await self.attempts(
                changed.http, context: context, retryPolicy: retryPolicy, price: price, attemptChain: attemptChain, attempt: attempt)
            return GoogleMiddlewareResponse(head: outcome.head, attempt: outcome.attempt, payload: outcome)
        }
        guard let outcome = response.payload as? CallOutcome<Value> else {
            throw GoogleMiddlewareError(middleware: "\(type(of: callChain[0]))", level: .call, failure: .foreignResponse)
        }
        return (outcome.value, outcome.errorBody)
    }

    /// The quota and retry stages: charges and sends attempts until one yields a final response.
    private func attempts<Value: Sendable>(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext, retryPolicy: RetryPolicy, price: GoogleQuotaPricing.Price?,
        attemptChain: [any GoogleMiddleware]?, attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> CallOutcome<Value> {
        let ledger = configuration.quotaLedger
        let clock = ContinuousClock()
        let started = clock.now
        var context = context
        var refreshedAfterUnauthorized = false

        while true {
            try Task.checkCancellation()
            if let ledger, let price { try await charge(price, ledger: ledger, context: context) }
            // An API-key session has no token machinery at all.
            let token = apiKey == nil ? try await accessToken().value : nil
            let authorized = authorizing(request, token: token)
            let outcome: SessionAttempt<Value>
            do {
                outcome = try await send(authorized, context: context, chain: attemptChain, attempt: attempt)
            } catch let error as HTTPTransportError {
                let wait =
                    context.idempotent && retryPolicy.retriesTransportErrors && error.isTransient
                    ? plannedWait(
                        request, context: context, policy: retryPolicy, retryAfter: nil, elapsed: clock.now - started,
                        status: nil, reason: RetryWait.reason(error))
                    : nil
                guard let wait else { throw error }
                announce(wait, context: context)
                try await configuration.sleep(wait.delay)
                context.attempt += 1
                continue
            }
            let status = outcome.head.status
            // The error body as JSON, parsed at most once per response, and only for a decision.
            var parsed: JSONValue?
            if status == 403,
                let refusal = serverQuotaRefusal(
                    await Self.classified(outcome, &parsed), context: context, price: price, request: request)
            {
                events.emit(GoogleSessionEvent(.quotaExhausted, context: context, attributes: [("quota.method", refusal.method)]))
                // The day's quota is gone: no call through this ledger is sent until the reset.
                if let ledger { try await ledger.markExhausted() }
                throw refusal
            }

            if status == 401 && !refreshedAfterUnauthorized, let tokens, let token {
                events.emit(GoogleSessionEvent(.refreshAfterUnauthorized, context: context))
                refreshedAfterUnauthorized = true
                _ = try await tokens.tokenReplacing(rejectedAccessToken: token)
                guard request.body.isReplayable else {
                    throw OAuthError.unauthorizedBodyNotReplayable(status: status)
                }
                // The re-send with the new token is the same attempt: the retry policy counts it
                // no more than before.
                continue
            }
            var wait: RetryWait?
            if context.idempotent, await isRetryable(outcome, policy: retryPolicy, parsed: &parsed) {
                // The Google error reasons were parsed for the decision already (403) or are read
                // only now, on the way to a wait.
                let reasons = GoogleErrorReasons.reasons(in: await Self.classified(outcome, &parsed))
                wait = plannedWait(
                    request, context: context, policy: retryPolicy,
                    retryAfter: RetryAfter.delay(from: outcome.head.headers, now: configuration.now()), elapsed: clock.now - started,
                    status: status, reason: RetryWait.reason(status: status, googleReasons: reasons))
            }
            guard let wait else {
                return CallOutcome(value: outcome.value, errorBody: parsed, head: outcome.head, attempt: context.attempt)
            }
            announce(wait, context: context)
            try await configuration.sleep(wait.delay)
            context.attempt += 1
        }
    }

    /// The attempt stage: the attempt middleware, if any, around the transport.
    private func send<Value: Sendable>(
        _ authorized: GoogleHTTPRequest, context: GoogleRequestContext, chain: [any GoogleMiddleware]?,
        attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> SessionAttempt<Value> {
        guard let chain else { return try await attempt(authorized) }
        let response = try await MiddlewareChain.run(chain, level: .attempt, request: GoogleMiddlewareRequest(authorized), context: context)
        {
            changed in
            let outcome = try await attempt(changed.http)
            return GoogleMiddlewareResponse(head: outcome.head, attempt: context.attempt, payload: outcome)
        }
        guard let outcome = response.payload as? SessionAttempt<Value> else {
            throw GoogleMiddlewareError(middleware: "\(type(of: chain[0]))", level: .attempt, failure: .foreignResponse)
        }
        return outcome
    }

    /// The quota stage's charge before an attempt, reported to the observers.
    private func charge(_ price: GoogleQuotaPricing.Price, ledger: GoogleQuotaLedger, context: GoogleRequestContext) async throws {
        let status: GoogleQuotaStatus
        do {
            status = try await ledger.charge(price.units, method: price.method)
        } catch let refusal as GoogleQuotaExceededError {
            events.emit(
                GoogleSessionEvent(
                    .quotaRefused, context: context,
                    attributes: [
                        ("quota.units", String(price.units)), ("quota.method", price.method),
                        ("quota.unitsLeft", String(refusal.unitsLeft)),
                    ]))
            throw refusal
        }
        events.emit(
            GoogleSessionEvent(
                .quotaCharged, context: context,
                attributes: [
                    ("quota.units", String(price.units)), ("quota.method", price.method), ("quota.unitsLeft", String(status.remaining)),
                ]))
    }

    /// The typed quota error for a 403 that says the day's quota is spent (`quotaExceeded`), the
    /// same error a ``GoogleQuotaLedger`` throws when it refuses a call itself; `nil` for any other
    /// 403. It applies to calls the session's ledger prices and, without a ledger, to errors in
    /// YouTube's `youtube.quota` domain (a daily quota for the project, reset at midnight Pacific).
    private func serverQuotaRefusal(
        _ body: JSONValue, context: GoogleRequestContext, price: GoogleQuotaPricing.Price?, request: GoogleHTTPRequest
    ) -> GoogleQuotaExceededError? {
        guard GoogleErrorReasons.reasons(in: body).contains("quotaExceeded"),
            price != nil || GoogleErrorReasons.domains(in: body).contains("youtube.quota")
        else { return nil }
        let resetsAt = PacificDay(containing: configuration.now()).end
        let method = price?.method ?? context.methodID ?? "\(request.method) \(SecretRedactor.redactedURL(request.url))"
        return GoogleQuotaExceededError(
            method: method, unitsNeeded: price?.units ?? 0, unitsLeft: 0, resetsAt: resetsAt, reportedByServer: true)
    }

    // MARK: - Decisions

    private func isRetryable<Value>(_ outcome: SessionAttempt<Value>, policy: RetryPolicy, parsed: inout JSONValue?) async -> Bool {
        let status = outcome.head.status
        if policy.retryableStatuses.contains(status) { return true }
        guard status == 403, !policy.retryableForbiddenReasons.isEmpty else { return false }
        let reasons = GoogleErrorReasons.reasons(in: await Self.classified(outcome, &parsed))
        return !reasons.isDisjoint(with: policy.retryableForbiddenReasons)
    }

    /// `outcome`'s error body as JSON (`.null` when empty or not JSON), parsed on first use.
    private static func classified<Value>(_ outcome: SessionAttempt<Value>, _ parsed: inout JSONValue?) async -> JSONValue {
        if let parsed { return parsed }
        let body = await outcome.errorBody()
        let value = body.isEmpty ? JSONValue.null : (try? JSONValue(parsing: body)) ?? .null
        parsed = value
        return value
    }

    // MARK: - Waits

    /// The wait before the next attempt — computed once, here, for both reports (the attempt's
    /// event and the next attempt) — or `nil` when attempts or time are used up.
    private func plannedWait(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext, policy: RetryPolicy, retryAfter: Duration?, elapsed: Duration,
        status: Int?, reason: @autoclosure () -> String
    ) -> RetryWait? {
        let attempt = context.attempt
        guard let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter, elapsed: elapsed) else { return nil }
        return retryWait(
            request, reason: reason(), status: status, retry: attempt, policy: policy, delay: delay, methodID: context.methodID)
    }

    /// A wait before retry `retry` under `policy`, its URL redacted.
    func retryWait(
        _ request: GoogleHTTPRequest, reason: String, status: Int?, retry: Int, policy: RetryPolicy, delay: Duration, methodID: String?
    ) -> RetryWait {
        RetryWait(
            method: request.method, url: SecretRedactor.redactedURL(request.url), reason: reason, status: status,
            retry: retry, maxRetries: max(policy.maxAttempts - 1, retry), delay: delay, methodID: methodID)
    }

    /// Tells the observers about a wait about to start (also the media transfers' waits between
    /// resumptions and the streams' before reconnecting, which happen outside the attempt loop).
    func announce(_ wait: RetryWait, context: GoogleRequestContext?) {
        events.emit(GoogleSessionEvent(.retryScheduled, context: context, retryWait: wait))
    }
}

// MARK: - CallOutcome

/// What the retry stage hands back: the final attempt's value and head, and its error body when
/// the session parsed it for a decision.
struct CallOutcome<Value: Sendable>: Sendable {
    var value: Value
    var errorBody: JSONValue?
    var head: GoogleHTTPResponseHead
    var attempt: Int
}

// MARK: - GoogleErrorReasons

/// Extracts `error.errors[].reason` (and `error.details[].reason`) from a Google error body.
enum GoogleErrorReasons {
    static func reasons(in body: JSONValue) -> Set<String> {
        values("reason", in: body)
    }

    /// `error.errors[].domain` (`youtube.quota`, `usageLimits`).
    static func domains(in body: JSONValue) -> Set<String> {
        values("domain", in: body)
    }

    private static func values(_ member: String, in body: JSONValue) -> Set<String> {
        guard case .object(let error)? = body["error"] else { return [] }
        var values = Set<String>()
        for key in ["errors", "details"] {
            guard case .array(let items)? = error[key] else { continue }
            for item in items {
                if let value = item[member]?.stringValue { values.insert(value) }
            }
        }
        return values
    }
}
