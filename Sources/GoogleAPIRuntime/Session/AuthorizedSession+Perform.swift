import Foundation
import GoogleHTTPTypes
import GoogleHTTP
import GoogleJSON
import GoogleBase

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

        while true {
            try Task.checkCancellation()
            // An API-key session has no token machinery at all.
            let token = apiKey == nil ? try await accessToken().value : nil
            let authorized = authorizing(request, token: token)
            let attemptStarted = clock.now
            let outcome: SessionAttempt<Value>
            do {
                outcome = try await attempt(authorized)
            } catch let error as HTTPTransportError {
                let delay = mayRepeat && retryPolicy.retriesTransportErrors && error.isTransient
                    ? retryDelay(retryPolicy, attempt: attemptNumber, retryAfter: nil, elapsed: clock.now - started) : nil
                log(authorized, head: nil, error: error.description, since: attemptStarted, attempt: attemptNumber, retryDelay: delay)
                guard let delay else { throw error }
                reportWait(request, reason: RetryWait.reason(error), status: nil, retry: attemptNumber, policy: retryPolicy, delay: delay)
                try await configuration.sleep(delay)
                attemptNumber += 1
                continue
            }
            let status = outcome.head.status

            if status == 401 && !refreshedAfterUnauthorized, let tokens, let token {
                log(authorized, head: outcome.head, error: nil, since: attemptStarted, attempt: attemptNumber, retryDelay: nil)
                refreshedAfterUnauthorized = true
                _ = try await tokens.tokenReplacing(rejectedAccessToken: token)
                guard request.body.isReplayable else {
                    throw OAuthError.unauthorizedBodyNotReplayable(status: status)
                }
                continue
            }
            if mayRepeat, await isRetryable(outcome, policy: retryPolicy),
                let delay = retryDelay(
                    retryPolicy, attempt: attemptNumber,
                    retryAfter: RetryAfter.delay(from: outcome.head.headers, now: configuration.now()),
                    elapsed: clock.now - started)
            {
                log(authorized, head: outcome.head, error: nil, since: attemptStarted, attempt: attemptNumber, retryDelay: delay)
                if configuration.waitObserver != nil {
                    let reasons = GoogleErrorReasons.reasons(in: parsedErrorBody.parse(await outcome.errorBody()))
                    reportWait(
                        request, reason: RetryWait.reason(status: status, googleReasons: reasons), status: status,
                        retry: attemptNumber, policy: retryPolicy, delay: delay)
                }
                try await configuration.sleep(delay)
                attemptNumber += 1
                continue
            }
            log(authorized, head: outcome.head, error: nil, since: attemptStarted, attempt: attemptNumber, retryDelay: nil)
            return outcome.value
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

    /// The delay before the next attempt, or `nil` when attempts or time are used up.
    private func retryDelay(_ policy: RetryPolicy, attempt: Int, retryAfter: Duration?, elapsed: Duration) -> Duration? {
        guard attempt < policy.maxAttempts else { return nil }
        let delay = retryAfter.map { min($0, policy.maxDelay) } ?? policy.backoffDelay(afterAttempt: attempt)
        guard elapsed + delay < policy.maxTotalTime else { return nil }
        return delay
    }

    /// Tells ``Configuration/waitObserver`` about a wait about to start.
    func reportWait(_ request: GoogleHTTPRequest, reason: String, status: Int?, retry: Int, policy: RetryPolicy, delay: Duration) {
        guard let observer = configuration.waitObserver else { return }
        observer(RetryWait(
            method: request.method, url: SecretRedactor.redactedURL(request.url), reason: reason, status: status,
            retry: retry, maxRetries: max(policy.maxAttempts - 1, retry), delay: delay))
    }

    /// Reports an attempt: the request as sent (its credentials redacted), the response head,
    /// and the wait before the next attempt, if any.
    private func log(
        _ request: GoogleHTTPRequest, head: GoogleHTTPResponseHead?, error: String?, since start: ContinuousClock.Instant, attempt: Int,
        retryDelay: Duration?
    ) {
        guard let logger = configuration.logger else { return }
        logger(RequestLogEntry(
            method: request.method, url: SecretRedactor.redactedURL(request.url), status: head?.status,
            duration: ContinuousClock.now - start, attempt: attempt, error: error.map { SecretRedactor.redact($0) },
            requestHeaders: RequestLogEntry.redacted(request.headers),
            responseHeaders: head.map { RequestLogEntry.redacted($0.headers) } ?? [], retryDelay: retryDelay))
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
