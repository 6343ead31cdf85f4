import Foundation

// MARK: - EmulatorFault

/// Misbehaviour the emulator injects into matching requests, as real networks and Google do.
public enum EmulatorFault: Sendable, Hashable {
    /// Answer with this status and Google's error JSON (e.g. 503 `backendError`, 429
    /// `rateLimitExceeded`) instead of handling the request; `retryAfter` adds `Retry-After`.
    case status(Int, retryAfter: Int? = nil)
    /// Handle the request (what it changes stays changed), then answer this status with Google's
    /// error JSON in place of the handler's answer: a server that did the work and failed to say
    /// so, as Google's front ends sometimes do with a `500 backendError`. A client that retries
    /// blindly repeats work already done; one that reads the state back sees it done.
    case statusAfterHandling(Int)
    /// Handle the request, then close the connection after this many response body bytes.
    case dropConnection(afterBytes: Int)
    /// Close the connection without answering (the request is not handled).
    case closeWithoutResponse
    /// While receiving a resumable upload chunk, close the connection after reading this many
    /// bytes (`nil`: half the chunk). Bytes received so far are kept, rounded down to a multiple of
    /// 256 KiB, like Google does.
    case dropUploadConnection(afterBytes: Int? = nil)
    /// Wait this long before sending the response head.
    case delay(Duration)
    /// Send the response body in pieces of `chunkSize` bytes with `delay` between them.
    case slowBody(chunkSize: Int, delay: Duration)
}
