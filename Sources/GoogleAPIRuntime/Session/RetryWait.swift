import Foundation
public import GoogleHTTP

// MARK: - RetryWait

/// One wait before a request is tried again: after a retryable status (429, 503, a rate-limit
/// 403…), a transient transport failure, or a media transfer resuming after a dropped connection.
/// The session's observers receive one (``GoogleSessionEvent/retryWait``) before each wait starts, so a
/// tool can say why nothing seems to happen; ``description`` is the line to show:
/// `waiting 32 s before retry 2 of 4 (429 rate limit exceeded)`.
///
/// `url` has its secret query values masked; nothing here carries a token.
public struct RetryWait: Sendable, Hashable, CustomStringConvertible {
    /// The Discovery method ID of the call that will be repeated (`youtube.videos.insert`), `nil`
    /// for a request sent without one.
    public var methodID: String?
    /// The request that will be repeated.
    public var method: GoogleHTTPMethod
    public var url: String
    /// Why: `429 rate limit exceeded`, `503 service unavailable`, `connection closed`…
    public var reason: String
    /// The HTTP status that caused the wait, `nil` after a transport failure.
    public var status: Int?
    /// Which retry follows the wait (1 for the first).
    public var retry: Int
    /// The most retries the policy allows (its attempts minus the first).
    public var maxRetries: Int
    /// How long the wait is (the server's `Retry-After` when it sent one, capped by the policy).
    public var delay: Duration

    public init(
        method: GoogleHTTPMethod, url: String, reason: String, status: Int?, retry: Int, maxRetries: Int, delay: Duration,
        methodID: String? = nil
    ) {
        self.methodID = methodID
        self.method = method
        self.url = url
        self.reason = reason
        self.status = status
        self.retry = retry
        self.maxRetries = maxRetries
        self.delay = delay
    }

    /// `waiting 32 s before retry 2 of 4 (429 rate limit exceeded)`.
    public var description: String {
        "waiting \(Self.format(delay)) before retry \(retry) of \(maxRetries) (\(reason))"
    }

    /// Whole seconds from 10 s on, tenths below (`0.4 s`), so short jittered waits do not read as 0.
    static func format(_ delay: Duration) -> String {
        let seconds = delay.secondsDouble
        if seconds >= 9.95 { return "\(Int(seconds.rounded())) s" }
        return String(format: "%.1f s", seconds)
    }

    // MARK: - Reasons

    /// `429 rate limit exceeded`: the status and, in words, the first Google error reason in the
    /// body (`rateLimitExceeded`), else the status's standard phrase.
    static func reason(status: Int, googleReasons: Set<String>) -> String {
        if let first = googleReasons.sorted().first { return "\(status) \(words(first))" }
        return "\(status) \(phrases[status] ?? "error")"
    }

    /// A transport failure's kind, in words: `connection closed`, `stalled`.
    static func reason(_ error: HTTPTransportError) -> String {
        words("\(error.kind)")
    }

    private static let phrases = [
        403: "forbidden", 408: "request timeout", 429: "too many requests", 500: "internal server error",
        502: "bad gateway", 503: "service unavailable", 504: "gateway timeout",
    ]

    /// `rateLimitExceeded` → `rate limit exceeded`.
    private static func words(_ identifier: String) -> String {
        var text = ""
        for character in identifier.prefix(60) {
            if character.isUppercase, !text.isEmpty { text += " " }
            text += character.isLetter || character.isNumber ? String(character).lowercased() : " "
        }
        return text
    }
}
