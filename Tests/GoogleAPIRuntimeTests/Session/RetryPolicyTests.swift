import GoogleAPIRuntime
import Testing

// MARK: - RetryPolicyTests

/// The one Retry-After-or-backoff rule the session, the token coordinator and server streams use.
@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(2), maxTotalTime: .seconds(10))

    @Test func retryAfterWinsButIsCappedByMaxDelay() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: .milliseconds(700), elapsed: .zero) == .milliseconds(700))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(60), elapsed: .zero) == .seconds(2))
    }

    @Test func withoutRetryAfterTheBackoffStaysUnderItsBound() throws {
        for _ in 0..<50 {
            let first = try #require(policy.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero))
            #expect(first >= .zero && first <= .milliseconds(100))
            let second = try #require(policy.delay(afterAttempt: 2, retryAfter: nil, elapsed: .zero))
            #expect(second >= .zero && second <= .milliseconds(200))
        }
    }

    @Test func noDelayOnceAttemptsOrTimeAreUsedUp() {
        #expect(policy.delay(afterAttempt: 3, retryAfter: .zero, elapsed: .zero) == nil)
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(1), elapsed: .seconds(9)) == nil)
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(1), elapsed: .seconds(8)) == .seconds(1))
        #expect(RetryPolicy.disabled.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero) == nil)
    }
}
