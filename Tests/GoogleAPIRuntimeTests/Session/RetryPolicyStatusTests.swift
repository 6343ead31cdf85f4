import Testing

@testable import GoogleAPIRuntime

/// The retry stage asks the policy about every answer's status; the policy answers for a status
/// below all of its retryable ones without hashing it, and stays right as the set changes.
@Suite("RetryPolicy: which statuses are retried, as the set changes")
struct RetryPolicyStatusTests {
    @Test("the default set, a changed set, an emptied set and a set holding a success status")
    func retriesStatusFollowsTheSet() {
        var policy = RetryPolicy()
        #expect(!policy.retriesStatus(200) && !policy.retriesStatus(404) && policy.retriesStatus(408) && policy.retriesStatus(503))
        policy.retryableStatuses = [202, 599]
        #expect(policy.retriesStatus(202) && policy.retriesStatus(599) && !policy.retriesStatus(200) && !policy.retriesStatus(503))
        policy.retryableStatuses.insert(100)
        #expect(policy.retriesStatus(100))
        policy.retryableStatuses = []
        #expect(![100, 200, 202, 503].contains(where: policy.retriesStatus))
        #expect(RetryPolicy(retryableStatuses: [307]).retriesStatus(307))
        #expect(
            RetryPolicy(retryableStatuses: [307])
                == {
                    var p = RetryPolicy()
                    p.retryableStatuses = [307]
                    return p
                }())
    }
}
