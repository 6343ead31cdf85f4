import Foundation
import GoogleHTTPTypes

// MARK: - Waiting before a media transfer resumes

extension GoogleServiceClient {
    /// Waits before a resumable upload or a download resumes after `failures` failures in a row,
    /// as the session's retry stage waits between attempts, with the same rule
    /// (``RetryPolicy/delay(afterAttempt:retryAfter:elapsed:)``) and the same
    /// ``GoogleSessionEvent/Kind/retryScheduled`` event carrying the transfer's method ID: the
    /// server's `Retry-After`, else full-jitter backoff doubling from
    /// ``MediaConfiguration/resumeBackoffBase`` (a transfer's own base: a chunk is worth resuming
    /// sooner than a call is worth repeating), both capped by the transfer's retry policy's
    /// ``RetryPolicy/maxDelay`` (the session's unless the call set one), as the session caps its
    /// own. Nothing is waited when the failures already exceed
    /// ``MediaConfiguration/maxConsecutiveFailures``: the transfer gives up instead.
    func pauseBeforeResuming(
        _ request: GoogleHTTPRequest, failures: Int, reason: String, status: Int? = nil, retryAfter: Duration? = nil,
        transfer: MediaTransferCall
    ) async throws {
        let cap = (transfer.retryPolicy ?? session.configuration.retry).maxDelay
        // No total time budget: a transfer's budget is its failures in a row, renewed by progress.
        let policy = RetryPolicy(
            maxAttempts: media.maxConsecutiveFailures + 1, baseDelay: media.resumeBackoffBase, maxDelay: cap,
            maxTotalTime: .seconds(Int64.max))
        let stage = SessionRetryStage(
            policy: policy, sleep: session.configuration.sleep, now: session.configuration.now, events: session.events)
        _ = try await stage.waitBeforeRepeating(
            request, context: GoogleRequestContext(methodID: transfer.methodID, attempt: failures, idempotent: true),
            retryAfter: retryAfter, elapsed: .zero, status: status, reason: reason)
    }
}
