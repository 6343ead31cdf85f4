// MARK: - GoogleResponseBodyEnd

/// How and when a response's body ended, as a ``GoogleMiddleware`` learns it through
/// ``GoogleMiddlewareResponse/onBodyEnd(_:)``: read to its last byte, failed part way, or
/// abandoned by its reader. For a streamed body (a download, a server stream) that is after
/// `next` returned — the moment a span or a request's duration really ends.
public struct GoogleResponseBodyEnd: Sendable {
    /// How the body ended.
    public enum Outcome: Sendable, Hashable {
        /// Read to its end (for a body the session read whole, before `next` returned).
        case completed
        /// The transfer failed part way (a dropped connection, a stall, a body over its limit);
        /// ``GoogleResponseBodyEnd/error`` says why.
        case failed
        /// Its reader stopped before the end: left the loop, was cancelled, or dropped the
        /// response unread (the transfer was then aborted).
        case abandoned
    }

    /// How the body ended.
    public let outcome: Outcome
    /// The error the body's transfer threw, for ``Outcome/failed`` (and for ``Outcome/abandoned``
    /// when its reader was cancelled mid-read); `nil` otherwise.
    public let error: (any Error)?
    /// The body's bytes received when it ended (after any content decoding).
    public let bytes: Int64
    /// When it ended, on the clock middleware time calls with.
    public let time: ContinuousClock.Instant

    init(_ outcome: Outcome, error: (any Error)? = nil, bytes: Int64, time: ContinuousClock.Instant = .now) {
        self.outcome = outcome
        self.error = error
        self.bytes = bytes
        self.time = time
    }
}
