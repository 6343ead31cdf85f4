// MARK: - GoogleRequestContext

/// What the session knows about one attempt of a call beyond its HTTP request: which API method
/// it is, which attempt, whether it may be repeated, and what it costs in quota. It travels with
/// the call through the session and names the call in the request log (`RequestLogEntry`) and
/// in retry waits (``RetryWait``).
public struct GoogleRequestContext: Sendable, Hashable {
    /// The Discovery method ID (`drive.files.list`, `youtube.videos.insert`); `nil` for a request
    /// sent without one (``AuthorizedSession/send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)`` with none).
    public var methodID: String?
    /// 1 for the first attempt, one more for each retry (the re-send with a new token after a 401
    /// keeps the number: it is the same attempt, authorized again).
    public var attempt: Int
    /// Whether the session may repeat the request (the method is idempotent and its body can be
    /// sent again).
    public var idempotent: Bool
    /// The quota units the session's ``GoogleQuotaLedger`` charges for each attempt; `nil` when
    /// the session has no ledger or the ledger does not count this method.
    public var quotaCost: Int?

    public init(methodID: String?, attempt: Int = 1, idempotent: Bool, quotaCost: Int? = nil) {
        self.methodID = methodID
        self.attempt = attempt
        self.idempotent = idempotent
        self.quotaCost = quotaCost
    }
}
