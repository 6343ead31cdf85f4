// MARK: - GoogleSessionEvent

/// Something a session, a media transfer or a stream did that is not a request: a retry
/// scheduled, a token refreshed, quota charged, an upload chunk sent, a stream reconnected.
/// ``GoogleSessionObserver``s receive them synchronously, on the task that did it (never on the
/// transport's thread), so a tracer can attach them to the span of the current task.
///
/// Everything here is redacted by the session when the event is made: attribute values whose
/// name says token, secret or key are masked, URLs lose their secret query values, and
/// token-shaped text (`ya29.`, `Bearer …`, JWTs) is masked wherever it stands.
public struct GoogleSessionEvent: Sendable, CustomStringConvertible {
    /// What happened. New kinds may appear in later releases, and other modules add their own
    /// (`Kind(rawValue: "youtube.broadcastLifecycleStep")`), so a `switch` over kinds needs a
    /// `default`.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A wait before a retry starts: the session's own retries, a token source's, a
        /// media transfer's resumption or a stream's reconnect. ``GoogleSessionEvent/retryWait``
        /// says how long and why.
        public static let retryScheduled = Kind(rawValue: "retryScheduled")
        /// The credentials obtained a new access token for the session from a token endpoint: a
        /// refresh, a service-account grant, the metadata server, IAM (a token whose
        /// `GoogleAuth/AccessToken/origin` is `issued`). Attributes: `credentials` (the
        /// provider's type), `attempt`.
        public static let tokenRefreshed = Kind(rawValue: "tokenRefreshed")
        /// The credentials gave the session a token they already held, without asking a token
        /// endpoint: the first load of a still-valid token from a `GoogleAuth/TokenStore`, or one
        /// another process refreshed and stored meanwhile (`GoogleAuth/AccessToken/origin` is
        /// `stored`). Not a refresh. Attributes: `credentials`, `attempt`.
        public static let tokenLoaded = Kind(rawValue: "tokenLoaded")
        /// Asking the credentials for a token failed. Attributes: `credentials`, `error`.
        public static let tokenRefreshFailed = Kind(rawValue: "tokenRefreshFailed")
        /// The server answered 401 and the session refreshes the token once and sends again.
        public static let refreshAfterUnauthorized = Kind(rawValue: "refreshAfterUnauthorized")
        /// The session's ``GoogleQuotaLedger`` charged an attempt. Attributes: `quota.units`,
        /// `quota.method`, `quota.unitsLeft` (what today's budget still allows).
        public static let quotaCharged = Kind(rawValue: "quotaCharged")
        /// The ledger refused a call before sending it (it would pass the day's budget).
        /// Attributes: `quota.units`, `quota.method`, `quota.unitsLeft`.
        public static let quotaRefused = Kind(rawValue: "quotaRefused")
        /// The server said the day's quota is spent (403 `quotaExceeded`); the call fails with
        /// ``GoogleQuotaExceededError``. Attributes: `quota.method`.
        public static let quotaExhausted = Kind(rawValue: "quotaExhausted")
        /// A resumable upload's chunk was accepted. Attributes: `upload.offset` (bytes the
        /// server holds), `upload.totalBytes`.
        public static let uploadChunkSent = Kind(rawValue: "uploadChunkSent")
        /// A resumable upload continues an interrupted session. Attributes: `upload.offset`.
        public static let uploadResumed = Kind(rawValue: "uploadResumed")
        /// A download continues after its connection failed. Attributes: `download.offset`.
        public static let downloadResumed = Kind(rawValue: "downloadResumed")
        /// A server stream opened again after its connection ended. Attributes: `stream.reconnect`
        /// (the reconnect's number).
        public static let streamReconnected = Kind(rawValue: "streamReconnected")
        /// A YouTube live broadcast moved a step in its lifecycle (testing, live, complete), emitted
        /// by `YouTubeBroadcastLifecycle`. Attributes: `broadcast.id`, `step` (the step's text).
        public static let broadcastLifecycleStep = Kind(rawValue: "broadcastLifecycleStep")
        /// A Drive change feed read a page of changes, emitted by `DriveChangeFeed`. Attributes:
        /// `drive.corpus`, `changes.count`, `caughtUp` (`true` on the page that ends with a new
        /// start token); never the page tokens.
        public static let changeFeedPage = Kind(rawValue: "changeFeedPage")
    }

    /// What happened.
    public let kind: Kind
    /// The call the event belongs to (its method ID and attempt), `nil` when it belongs to none
    /// (a token refresh serves every call waiting for it).
    public let context: GoogleRequestContext?
    /// Details, in order, each redacted (see the kinds for their names).
    public let attributes: [(name: String, value: String)]
    /// The wait of a ``Kind/retryScheduled`` event; `nil` for other kinds.
    public let retryWait: RetryWait?
    /// How long what the event reports took (a token refresh), when it is known.
    public let duration: Duration?

    /// An event, its attributes redacted.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - context: The call it belongs to, if any.
    ///   - attributes: Details; values are redacted here.
    ///   - retryWait: The wait, for ``Kind/retryScheduled``.
    ///   - duration: How long it took, when known.
    public init(
        _ kind: Kind, context: GoogleRequestContext? = nil, attributes: [(name: String, value: String)] = [],
        retryWait: RetryWait? = nil, duration: Duration? = nil
    ) {
        self.kind = kind
        self.context = context
        self.attributes = attributes.map { (name: $0.name, value: GoogleRedaction.attributeValue($0.value, name: $0.name)) }
        self.retryWait = retryWait
        self.duration = duration
    }

    /// The value of the attribute `name`, `nil` when absent.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// `retryScheduled drive.files.list attempt 1: waiting 0.4 s before retry 1 of 4 (503 service unavailable)`.
    public var description: String {
        var text = kind.rawValue
        if let methodID = context?.methodID { text += " \(methodID)" }
        if let attempt = context?.attempt { text += " attempt \(attempt)" }
        var details = attributes.map { "\($0.name)=\($0.value)" }
        if let retryWait { details.insert(retryWait.description, at: 0) }
        if let duration { details.append("in \(RetryWait.format(duration))") }
        return details.isEmpty ? text : "\(text): \(details.joined(separator: ", "))"
    }
}
