// MARK: - ServerStreamOptions

/// How a ``ServerStream`` reads, resumes and ends.
public struct ServerStreamOptions<Element: Sendable>: Sendable {
    /// The wire framing to ask for (`alt=sse` for server-sent events).
    public var framing: ServerStreamFraming
    /// Largest element accepted, in bytes; a larger one fails with
    /// ``ServerStreamError/Code/elementTooLarge`` instead of growing the process.
    public var maxElementBytes: Int
    /// How to reconnect where the stream stopped; `nil` makes a stream that cannot resume after
    /// delivering elements (it still reconnects when a failure comes before the first element).
    public var resumption: ServerStreamResumption<Element>?
    /// Whether an element is the last one (the stream ends after yielding it).
    public var isFinal: (@Sendable (Element) -> Bool)?
    /// `errors[].reason` values that end the stream normally instead of failing it
    /// (YouTube: `liveChatEnded`, `liveChatDisabled`).
    public var endingErrorReasons: Set<String>
    /// Replaces the session's retry policy for reconnecting: attempts, backoff and time budget
    /// apply to consecutive failures without a new element in between.
    public var retryPolicy: RetryPolicy?
    /// A connection that delivers no byte for this long counts as dropped and is resumed; `nil`
    /// keeps the transport's stall limit. Set it above the server's keep-alive interval.
    public var stallTimeout: Duration?

    /// - Parameters:
    ///   - framing: JSON array (the default) or server-sent events.
    ///   - maxElementBytes: The per-element size limit (4 MiB by default).
    ///   - resumption: How to continue after a dropped connection.
    ///   - isFinal: Recognizes the last element.
    ///   - endingErrorReasons: Error reasons that mean "over", not "failed".
    ///   - retryPolicy: Overrides the session's policy for reconnecting.
    ///   - stallTimeout: Silence after which the connection is replaced.
    public init(
        framing: ServerStreamFraming = .jsonArray, maxElementBytes: Int = 4 << 20,
        resumption: ServerStreamResumption<Element>? = nil, isFinal: (@Sendable (Element) -> Bool)? = nil,
        endingErrorReasons: Set<String> = [], retryPolicy: RetryPolicy? = nil, stallTimeout: Duration? = nil
    ) {
        self.framing = framing
        self.maxElementBytes = max(1, maxElementBytes)
        self.resumption = resumption
        self.isFinal = isFinal
        self.endingErrorReasons = endingErrorReasons
        self.retryPolicy = retryPolicy
        self.stallTimeout = stallTimeout
    }
}

// MARK: - ServerStreamResumption

/// Where a server stream continues after a reconnect: the query parameter to send and the value
/// each element carries for it.
public struct ServerStreamResumption<Element: Sendable>: Sendable {
    /// The query parameter that carries the token (`pageToken`).
    public var parameter: String
    /// The token an element carries (`nextPageToken`), `nil` when it has none.
    public var token: @Sendable (Element) -> String?

    public init(parameter: String, token: @escaping @Sendable (Element) -> String?) {
        self.parameter = parameter
        self.token = token
    }

    /// Google's convention: each element's `nextPageToken`, sent back as `pageToken`.
    public static func pageToken(_ token: @escaping @Sendable (Element) -> String?) -> Self {
        Self(parameter: "pageToken", token: token)
    }
}
