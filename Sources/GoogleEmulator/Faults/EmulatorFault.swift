import Foundation
public import GoogleHTTP

// MARK: - EmulatorFault

/// Misbehaviour the emulator injects into matching requests, as real networks and Google do.
public enum EmulatorFault: Sendable, Hashable {
    /// Answer with this status and Google's error JSON (e.g. 503 `backendError`, 429
    /// `rateLimitExceeded`) instead of handling the request; `retryAfter` adds `Retry-After`.
    case status(Int, retryAfter: Int? = nil)
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

// MARK: - FaultRule

/// A queued fault and which requests it applies to.
public struct FaultRule: Sendable, Hashable {
    public var fault: EmulatorFault
    /// Requests whose path starts with this (e.g. `/drive/v3/files`); `nil` matches every path.
    public var pathPrefix: String?
    /// Only requests with this method; `nil` matches every method.
    public var method: HTTPMethod?
    /// How many more requests it applies to.
    public var remaining: Int

    public init(fault: EmulatorFault, pathPrefix: String? = nil, method: HTTPMethod? = nil, count: Int = 1) {
        self.fault = fault
        self.pathPrefix = pathPrefix
        self.method = method
        self.remaining = count
    }

    func matches(method: HTTPMethod, path: String) -> Bool {
        if let required = self.method, required != method { return false }
        if let pathPrefix, !path.hasPrefix(pathPrefix) { return false }
        return remaining > 0
    }
}
