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
        let exponent = min(max(failures - 1, 0), 10)
        let bound = media.resumeBackoffBase * (1 << exponent)
        let jittered = Duration.nanoseconds(Int64(Double.random(in: 0...1) * bound.secondsDouble * 1e9))
        let delay = retryAfter.map { min($0, .seconds(30)) } ?? jittered
        session.announce(
            session.retryWait(
                request, reason: reason, status: status, retry: failures,
                policy: RetryPolicy(maxAttempts: media.maxConsecutiveFailures + 1), delay: delay, methodID: methodID),
            context: GoogleRequestContext(methodID: methodID, attempt: failures, idempotent: true))
        try await session.configuration.sleep(delay)
    }
}
