import Foundation

// MARK: - RetryPolicy

/// When and how often an ``AuthorizedSession`` repeats a failed request.
///
/// Delays grow exponentially with full jitter (a random delay between zero and the exponential
/// bound), and a server's `Retry-After` takes precedence. Only idempotent requests, or ones the
/// caller marked safe to repeat, are retried.
public struct RetryPolicy: Sendable, Hashable {
    /// Total attempts including the first; 1 disables retries.
    public var maxAttempts: Int
    /// Upper bound of the first retry's delay.
    public var baseDelay: Duration
    /// Upper bound of any single delay (also caps `Retry-After`).
    public var maxDelay: Duration
    /// No retry starts once this much time has passed since the first attempt.
    public var maxTotalTime: Duration
    /// HTTP statuses that are retried.
    public var retryableStatuses: Set<Int> {
        didSet { lowestRetryableStatus = retryableStatuses.min() ?? .max }
    }
    /// The smallest of ``retryableStatuses``: a status below it (every success) is known not to
    /// be retried without hashing it, which every call's answer was.
    private var lowestRetryableStatus: Int
    /// `errors[].reason` values that make a 403 retryable.
    public var retryableForbiddenReasons: Set<String>
    /// Retry transient transport failures (resets, closed connections, timeouts).
    public var retriesTransportErrors: Bool

    public init(
        maxAttempts: Int = 5,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(32),
        maxTotalTime: Duration = .seconds(120),
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableForbiddenReasons: Set<String> = ["rateLimitExceeded", "userRateLimitExceeded"],
        retriesTransportErrors: Bool = true
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxTotalTime = maxTotalTime
        self.retryableStatuses = retryableStatuses
        self.lowestRetryableStatus = retryableStatuses.min() ?? .max
        self.retryableForbiddenReasons = retryableForbiddenReasons
        self.retriesTransportErrors = retriesTransportErrors
    }

    /// Never retry.
    public static let disabled = RetryPolicy(maxAttempts: 1)

    /// Whether `status` is one of ``retryableStatuses``.
    @inline(__always)
    func retriesStatus(_ status: Int) -> Bool {
        status >= lowestRetryableStatus && retryableStatuses.contains(status)
    }

    // MARK: - Delays

    /// The full-jitter delay before attempt `attempt + 1` (attempt counts from 1).
    public func backoffDelay(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let bound = min(baseDelay * (1 << exponent), maxDelay)
        let boundSeconds = bound.secondsDouble
        guard boundSeconds > 0 else { return .zero }
        return .nanoseconds(Int64(Double.random(in: 0...boundSeconds) * 1e9))
    }

    /// The wait before the attempt after attempt `attempt` (counting from 1): the server's
    /// `Retry-After` capped by ``maxDelay`` when it sent one, else ``backoffDelay(afterAttempt:)``;
    /// `nil` when the attempts are used up or the wait would end past ``maxTotalTime`` since the
    /// first attempt (`elapsed`). The one rule the session's retries, a failing token source's
    /// retries and a server stream's reconnects share.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?, elapsed: Duration) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        let delay = retryAfter.map { min($0, maxDelay) } ?? backoffDelay(afterAttempt: attempt)
        guard elapsed + delay < maxTotalTime else { return nil }
        return delay
    }
}

// MARK: - Duration helpers

extension Duration {
    var secondsDouble: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
