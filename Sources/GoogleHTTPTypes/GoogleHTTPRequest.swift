import Foundation

// MARK: - GoogleHTTPRequest

/// A request to send through an ``HTTPTransport``.
public struct GoogleHTTPRequest: Sendable {
    public var method: GoogleHTTPMethod
    public var url: URL
    public var headers: GoogleHTTPHeaders
    public var body: HTTPRequestBody
    /// Per-request overrides of the transport's timeouts; `nil` fields fall back to the transport's.
    public var timeouts: HTTPTimeouts?
    /// Follow 3xx redirects for this request (off by default).
    public var followRedirects: Bool
    /// Called from the transport's thread as bytes move; keep it cheap.
    public var progress: (@Sendable (HTTPProgress) -> Void)?
    /// Ask for a gzip-compressed response (`Accept-Encoding: gzip`) and decode it transparently:
    /// the body is then the decoded bytes. Meant for API calls (JSON shrinks ~20×); leave it off
    /// for media, whose bytes and byte ranges must be the stored ones.
    public var acceptsGzip = false
    /// The most bytes a response read into memory (``HTTPTransport/send(_:)``) may have, counted
    /// after decompression; `nil` uses the transport's limit. Past it the transfer is aborted
    /// with ``HTTPTransportError/Kind/responseTooLarge``. Downloads to a file and streamed bodies
    /// are not limited.
    public var maxResponseBodyBytes: Int?

    public init(
        method: GoogleHTTPMethod = .get,
        url: URL,
        headers: GoogleHTTPHeaders = [:],
        body: HTTPRequestBody = .empty,
        timeouts: HTTPTimeouts? = nil,
        followRedirects: Bool = false,
        progress: (@Sendable (HTTPProgress) -> Void)? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeouts = timeouts
        self.followRedirects = followRedirects
        self.progress = progress
    }
}

// MARK: - HTTPTimeouts

/// Time limits for a transfer. `nil` means no limit.
public struct HTTPTimeouts: Sendable, Hashable {
    /// Time allowed to establish the connection (TCP + TLS).
    public var connect: Duration?
    /// Time allowed for the whole request, from start to last byte.
    public var request: Duration?
    /// A transfer that moves fewer than `stallMinimumBytesPerSecond` for this long is aborted
    /// (``HTTPTransportError/Kind/stalled``). Measured to the millisecond, not in whole seconds;
    /// time spent connecting or paused for a slow consumer or producer does not count.
    public var stall: Duration?
    public var stallMinimumBytesPerSecond: Int

    public init(
        connect: Duration? = .seconds(30),
        request: Duration? = nil,
        stall: Duration? = .seconds(60),
        stallMinimumBytesPerSecond: Int = 1
    ) {
        self.connect = connect
        self.request = request
        self.stall = stall
        self.stallMinimumBytesPerSecond = stallMinimumBytesPerSecond
    }
}

// MARK: - HTTPProgress

/// Bytes moved so far in each direction; totals are `nil` while unknown.
public struct HTTPProgress: Sendable, Hashable {
    public var bytesSent: Int64
    public var totalBytesToSend: Int64?
    public var bytesReceived: Int64
    public var totalBytesToReceive: Int64?

    public init(bytesSent: Int64, totalBytesToSend: Int64?, bytesReceived: Int64, totalBytesToReceive: Int64?) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }
}
