import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - The attempt loop

extension AuthorizedSession {
    /// Runs `attempt` with authorization until it yields a final response: refreshes once after a
    /// 401, and retries retryable outcomes within `retryPolicy` when the request may be repeated.
    /// A URL whose origin is not trusted with the token is refused before anything is sent.
    func perform<Value: Sendable>(
        _ request: GoogleHTTPRequest,
        idempotent: Bool,
        retryPolicy: RetryPolicy,
        attempt: @Sendable (GoogleHTTPRequest) async throws -> SessionAttempt<Value>
    ) async throws -> Value {
        try requireTokenDestination(request.url)
        var request = request
        if request.maxResponseBodyBytes == nil { request.maxResponseBodyBytes = configuration.maxResponseBodyBytes }
        let clock = ContinuousClock()
        let started = clock.now
        let mayRepeat = idempotent && request.body.isReplayable
        var attemptNumber = 1
        var refreshedAfterUnauthorized = false
        // Priced once; charged before every attempt, as the server charges each one.
        let ledger = configuration.quotaLedger
        let price = ledger?.pricing.price(of: request)

        while true {
            try Task.checkCancellation()
            if let ledger, let price { try await ledger.charge(price.units, method: price.method) }
            // An API-key session has no token machinery at all.
            let token = apiKey == nil ? try await accessToken().value : nil
            let authorized = authorizing(request, token: token)
            let attemptStarted = clock.now
            let outcome: SessionAttempt<Value>
            do {
                outcome = try await attempt(authorized)
            } catch let error as HTTPTransportError {
                let wait =
                    mayRepeat && retryPolicy.retriesTransportErrors && error.isTransient
                    ? plannedWait(
                        request, policy: retryPolicy, attempt: attemptNumber, retryAfter: nil, elapsed: clock.now - started,
                        status: nil, reason: RetryWait.reason(error))
                    : nil
                report(authorized, head: nil, error: error.description, since: attemptStarted, attempt: attemptNumber, wait: wait)
                guard let wait else { throw error }
                try await configuration.sleep(wait.delay)
                attemptNumber += 1
                continue
            }
            let status = outcome.head.status
            if status == 403, let ledger, price != nil,
                GoogleErrorReasons.reasons(in: parsedErrorBody.parse(await outcome.errorBody())).contains("quotaExceeded")
            {
                // The day's quota is gone: no call through this ledger is sent until the reset.
                try await ledger.markExhausted()
            }

            if status == 401 && !refreshedAfterUnauthorized, let tokens, let token {
                report(authorized, head: outcome.head, error: nil, since: attemptStarted, attempt: attemptNumber, wait: nil)
                refreshedAfterUnauthorized = true
                _ = try await tokens.tokenReplacing(rejectedAccessToken: token)
                guard request.body.isReplayable else {
                    throw OAuthError.unauthorizedBodyNotReplayable(status: status)
                }
                continue
            }
            var wait: RetryWait?
            if mayRepeat, await isRetryable(outcome, policy: retryPolicy) {
                // The Google error reasons were parsed for the decision already (403) or are read
                // only now, on the way to a wait (the parse is shared with the thrown error).
                let reasons = GoogleErrorReasons.reasons(in: parsedErrorBody.parse(await outcome.errorBody()))
                wait = plannedWait(
                    request, policy: retryPolicy, attempt: attemptNumber,
                    retryAfter: RetryAfter.delay(from: outcome.head.headers, now: configuration.now()), elapsed: clock.now - started,
                    status: status, reason: RetryWait.reason(status: status, googleReasons: reasons))
            }
            report(authorized, head: outcome.head, error: nil, since: attemptStarted, attempt: attemptNumber, wait: wait)
            guard let wait else { return outcome.value }
            try await configuration.sleep(wait.delay)
            attemptNumber += 1
        }
    }

    // MARK: - Decisions

    private func isRetryable<Value>(_ outcome: SessionAttempt<Value>, policy: RetryPolicy) async -> Bool {
        let status = outcome.head.status
        if policy.retryableStatuses.contains(status) { return true }
        guard status == 403, !policy.retryableForbiddenReasons.isEmpty else { return false }
        let reasons = GoogleErrorReasons.reasons(in: parsedErrorBody.parse(await outcome.errorBody()))
        return !reasons.isDisjoint(with: policy.retryableForbiddenReasons)
    }

    // MARK: - Waits

    /// The wait before the next attempt — computed once, here, for both reports (the attempt's
    /// log entry and ``Configuration/waitObserver``) — or `nil` when attempts or time are used up.
    private func plannedWait(
        _ request: GoogleHTTPRequest, policy: RetryPolicy, attempt: Int, retryAfter: Duration?, elapsed: Duration,
        status: Int?, reason: @autoclosure () -> String
    ) -> RetryWait? {
        guard attempt < policy.maxAttempts else { return nil }
        let delay = retryAfter.map { min($0, policy.maxDelay) } ?? policy.backoffDelay(afterAttempt: attempt)
        guard elapsed + delay < policy.maxTotalTime else { return nil }
        return retryWait(request, reason: reason(), status: status, retry: attempt, policy: policy, delay: delay)
    }

    /// A wait before retry `retry` under `policy`, its URL redacted.
    func retryWait(_ request: GoogleHTTPRequest, reason: String, status: Int?, retry: Int, policy: RetryPolicy, delay: Duration)
        -> RetryWait
    {
        RetryWait(
            method: request.method, url: SecretRedactor.redactedURL(request.url), reason: reason, status: status,
            retry: retry, maxRetries: max(policy.maxAttempts - 1, retry), delay: delay)
    }

    /// Tells ``Configuration/waitObserver`` about a wait about to start (also the media
    /// transfers' waits between resumptions, which happen outside the attempt loop).
    func announce(_ wait: RetryWait) {
        configuration.waitObserver?(wait)
    }

    // MARK: - Reports

    /// Reports an attempt: to the logger, the request as sent (its credentials redacted), the
    /// response head and the wait before the next attempt; then the wait, if any, to the observer.
    private func report(
        _ request: GoogleHTTPRequest, head: GoogleHTTPResponseHead?, error: String?, since start: ContinuousClock.Instant, attempt: Int,
        wait: RetryWait?
    ) {
        if let logger = configuration.logger {
            logger(
                RequestLogEntry(
                    method: request.method, url: SecretRedactor.redactedURL(request.url), status: head?.status,
                    duration: ContinuousClock.now - start, attempt: attempt, error: error.map { SecretRedactor.redact($0) },
                    requestHeaders: RequestLogEntry.redacted(request.headers),
                    responseHeaders: head.map { RequestLogEntry.redacted($0.headers) } ?? [], retryDelay: wait?.delay))
        }
        if let wait { announce(wait) }
    }
}

// MARK: - GoogleErrorReasons

/// Extracts `error.errors[].reason` (and `error.details[].reason`) from a Google error body.
enum GoogleErrorReasons {
    static func reasons(in body: JSONValue) -> Set<String> {
        guard case .object(let error)? = body["error"] else { return [] }
        var reasons = Set<String>()
        for key in ["errors", "details"] {
            guard case .array(let items)? = error[key] else { continue }
            for item in items {
                if let reason = item["reason"]?.stringValue { reasons.insert(reason) }
            }
        }
        return reasons
    }
}
