import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON

// MARK: - SessionRetryStage

/// The retry stage, once per call: repeats an attempt that failed with a retryable status or a
/// transient transport error, when the call may be repeated, within ``RetryPolicy``: the
/// server's `Retry-After` or jittered backoff (``RetryPolicy/delay(afterAttempt:retryAfter:elapsed:)``,
/// the rule the token coordinator and server streams share), each wait announced as a
/// ``GoogleSessionEvent/Kind/retryScheduled`` event before it starts.
struct SessionRetryStage: Sendable {
    let policy: RetryPolicy
    let sleep: @Sendable (Duration) async throws -> Void
    let now: @Sendable () -> Date
    let events: SessionEvents

    /// Runs `attempt` until it yields a final outcome.
    /// - Parameters:
    ///   - request: The call's request, for the waits' reports.
    ///   - context: The call's context; its attempt number grows with each retry.
    ///   - attempt: One attempt (quota, credentials, attempt middleware, transport).
    /// - Throws: What the last attempt threw, `CancellationError`, or what `sleep` throws.
    func run<Value: Sendable>(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext,
        attempt: (GoogleRequestContext) async throws -> SessionAttempt<Value>
    ) async throws -> CallOutcome<Value> {
        let clock = ContinuousClock()
        let started = clock.now
        var context = context
        while true {
            try Task.checkCancellation()
            var outcome: SessionAttempt<Value>
            do {
                outcome = try await attempt(context)
            } catch let error as HTTPTransportError {
                guard context.idempotent, policy.retriesTransportErrors, error.isTransient,
                    let wait = plannedWait(
                        request, context: context, retryAfter: nil, elapsed: clock.now - started, status: nil,
                        reason: RetryWait.reason(error))
                else { throw error }
                try await pause(wait, context: &context)
                continue
            }
            if context.idempotent, mayRetry(outcome.head.status), await isRetryable(&outcome) {
                // The Google error reasons were parsed for the decision already (403) or are read
                // only now, on the way to a wait.
                let status = outcome.head.status
                let reasons = GoogleErrorReasons.reasons(in: await outcome.classifiedErrorBody())
                if let wait = plannedWait(
                    request, context: context, retryAfter: RetryAfter.delay(from: outcome.head.headers, now: now()),
                    elapsed: clock.now - started, status: status, reason: RetryWait.reason(status: status, googleReasons: reasons))
                {
                    try await pause(wait, context: &context)
                    continue
                }
            }
            return CallOutcome(
                value: outcome.value, errorBody: outcome.parsedErrorBody, head: outcome.head, attempt: context.attempt, body: outcome.body)
        }
    }

    private func pause(_ wait: RetryWait, context: inout GoogleRequestContext) async throws {
        try await announceAndSleep(wait, context: context)
        context.attempt += 1
    }

    /// Announces `wait` as a ``GoogleSessionEvent/Kind/retryScheduled`` event for `context`, then
    /// sleeps through it: every retry wait goes this way.
    private func announceAndSleep(_ wait: RetryWait, context: GoogleRequestContext) async throws {
        events.emit(GoogleSessionEvent(.retryScheduled, context: context, retryWait: wait))
        try await sleep(wait.delay)
    }

    /// A wait between the requests of a transfer that repeats outside this stage — a media
    /// upload or download resuming, a server stream reconnecting — planned by the same rule
    /// (``RetryPolicy/delay(afterAttempt:retryAfter:elapsed:)``) and announced the same way as
    /// the stage's own: `context.attempt` is the failed attempt (the failures in a row).
    /// - Parameters:
    ///   - request: The request that will be repeated, for the wait's report.
    ///   - context: The transfer's method ID and the failed attempt's number.
    ///   - retryAfter: The server's `Retry-After`, if it sent one.
    ///   - elapsed: The time since the failures in a row began.
    ///   - status: The status that failed, `nil` after a transport failure.
    ///   - reason: Why, in words (see ``RetryWait/reason``).
    /// - Returns: `false`, without waiting, when the policy allows no more attempts or time.
    /// - Throws: `CancellationError` or what the session's sleep throws.
    func waitBeforeRepeating(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext, retryAfter: Duration?, elapsed: Duration, status: Int?,
        reason: String
    ) async throws -> Bool {
        guard let planned = plannedWait(request, context: context, retryAfter: retryAfter, elapsed: elapsed, status: status, reason: reason)
        else { return false }
        try await announceAndSleep(planned, context: context)
        return true
    }

    /// Whether the policy may retry `status`, before any body is read.
    private func mayRetry(_ status: Int) -> Bool {
        status == 403 || policy.retriesStatus(status)
    }

    /// Whether the policy retries the outcome's status (a 403 by its Google error reasons).
    func isRetryable<Value>(_ outcome: inout SessionAttempt<Value>) async -> Bool {
        let status = outcome.head.status
        if policy.retryableStatuses.contains(status) { return true }
        guard status == 403, !policy.retryableForbiddenReasons.isEmpty else { return false }
        let reasons = GoogleErrorReasons.reasons(in: await outcome.classifiedErrorBody())
        return !reasons.isDisjoint(with: policy.retryableForbiddenReasons)
    }

    /// The wait before the next attempt — computed once, for the event and the sleep — or `nil`
    /// when attempts or time are used up.
    private func plannedWait(
        _ request: GoogleHTTPRequest, context: GoogleRequestContext, retryAfter: Duration?, elapsed: Duration, status: Int?,
        reason: @autoclosure () -> String
    ) -> RetryWait? {
        let attempt = context.attempt
        guard let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter, elapsed: elapsed) else { return nil }
        return RetryWait(
            request, reason: reason(), status: status, retry: attempt, policy: policy, delay: delay, methodID: context.methodID)
    }
}

// MARK: - RetryWait for a request

extension RetryWait {
    /// A wait before retry `retry` of `request` under `policy`, its URL redacted.
    init(
        _ request: GoogleHTTPRequest, reason: String, status: Int?, retry: Int, policy: RetryPolicy, delay: Duration, methodID: String?
    ) {
        self.init(
            method: request.method, url: SecretRedactor.redactedURL(request.url), reason: reason, status: status, retry: retry,
            maxRetries: max(policy.maxAttempts - 1, retry), delay: delay, methodID: methodID)
    }
}
