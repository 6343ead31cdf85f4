import Foundation
import GoogleHTTPTypes

// MARK: - Waiting before a media transfer resumes

extension GoogleServiceClient {
    /// Waits before a resumable upload or a download resumes after `failures` failures in a row:
    /// the server's `Retry-After` (at most 30 s) or exponential backoff from
    /// ``MediaConfiguration/resumeBackoffBase`` with full jitter, announced to the session's
    /// ``AuthorizedSession/Configuration/observers`` the way the session's own retries are.
    func pauseBeforeResuming(
        _ request: GoogleHTTPRequest, failures: Int, reason: String, status: Int? = nil, retryAfter: Duration? = nil,
        methodID: String? = nil
    ) async throws {
        // RetryPolicy's full-jitter backoff, doubling from the media base for ten steps at most.
        let policy = RetryPolicy(
            maxAttempts: media.maxConsecutiveFailures + 1, baseDelay: media.resumeBackoffBase,
            maxDelay: media.resumeBackoffBase * 1024)
        let delay = retryAfter.map { min($0, .seconds(30)) } ?? policy.backoffDelay(afterAttempt: failures)
        session.announce(
            RetryWait(
                request, reason: reason, status: status, retry: failures, policy: policy, delay: delay, methodID: methodID),
            context: GoogleRequestContext(methodID: methodID, attempt: failures, idempotent: true))
        try await session.configuration.sleep(delay)
    }
}
