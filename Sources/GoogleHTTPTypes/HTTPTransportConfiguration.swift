import Foundation

// MARK: - HTTPTransportConfiguration

/// Settings shared by every request a transport sends, the same for every transport
/// (`GoogleHTTP/CurlTransport`, `GoogleHTTP/URLSessionTransport`): timeouts and stall limits,
/// the proxy, trusted CAs, decompression and the response limits. A setting one transport cannot
/// honour says so in its documentation.
public struct HTTPTransportConfiguration: Sendable, Hashable {
    /// Which HTTP version to ask for.
    public enum HTTPVersion: Sendable, Hashable {
        /// HTTP/2 over TLS when the server offers it (ALPN), HTTP/1.1 otherwise.
        case http2OverTLS
        /// Always HTTP/1.1.
        // The protocol's own spelling (HTTP/1.1), public API since the first commit.
        // swift-format-ignore: AlwaysUseLowerCamelCase
        case http1_1
        /// HTTP/2 everywhere, using the upgrade dance for cleartext `http://`.
        case http2
    }

    /// Limits for requests that do not set their own (`GoogleHTTPTypes/GoogleHTTPRequest/timeouts`).
    public var timeouts: HTTPTimeouts
    /// At most this many simultaneous connections to one host (0 = unlimited). HTTP/2
    /// multiplexes many requests over one connection, so this rarely binds with HTTP/2.
    public var maxConnectionsPerHost: Int
    /// At most this many simultaneous connections in total (0 = unlimited; libcurl only).
    public var maxConnectionsTotal: Int
    /// How many idle connections to keep open for reuse (libcurl only).
    public var idleConnectionCacheSize: Int
    /// Sent as `User-Agent` unless the request sets one.
    public var userAgent: String
    /// Verify the server's certificate chain and host name. Turn off only for testing.
    public var verifyTLS: Bool
    /// A PEM bundle of trusted CAs replacing the system's, e.g. for a corporate proxy.
    public var caBundlePath: String?
    /// A directory of hashed CA certificates replacing the system's (libcurl; URLSession takes
    /// ``caBundlePath`` only).
    public var caDirectoryPath: String?
    /// The HTTP version libcurl asks for (URLSession negotiates on its own, HTTP/2 over TLS).
    public var httpVersion: HTTPVersion
    /// Every request goes through this proxy (`http://host:port`, with `user:password@` when it
    /// wants credentials); `nil` follows the environment: libcurl reads `https_proxy`,
    /// `http_proxy`, `all_proxy` and `no_proxy`, URLSession the system's proxy settings.
    public var proxy: URL?
    /// At most this many redirects when a request follows them.
    public var maxRedirects: Int
    /// Ask for gzip/deflate/br/zstd on every request and decode transparently (only when the
    /// request does not set `Accept-Encoding` itself). Off by default so bodies are the bytes
    /// the server sent; requests that want gzip say so with `GoogleHTTPTypes/GoogleHTTPRequest/acceptsGzip`
    /// (API calls do). Decoded responses lose their `Content-Encoding` and `Content-Length`.
    public var automaticDecompression: Bool
    /// How many bytes of a streamed response may wait for the consumer before the transfer is
    /// paused; also the read-ahead for streamed request bodies.
    public var streamBufferBytes: Int
    /// Size of libcurl's receive buffer for large transfers (downloads and streams); bigger
    /// buffers mean fewer callbacks per megabyte.
    public var largeTransferBufferBytes: Int
    /// The most bytes a response read into memory (``HTTPTransport/send(_:)``) may have,
    /// counted after decompression, unless the request sets its own
    /// (`GoogleHTTPTypes/GoogleHTTPRequest/maxResponseBodyBytes`). The transfer is aborted the moment it passes,
    /// with `GoogleHTTPTypes/HTTPTransportError/Kind/responseTooLarge`, so a gzip bomb or an endless body
    /// costs about this much memory at most. Downloads and streams are not limited.
    public var maxResponseBodyBytes: Int
    /// How much of an error response's body (status 400 and above) is kept, in memory or in a
    /// download's file; the rest is not read (the connection is closed instead). Error bodies
    /// worth reading are small JSON objects.
    public var maxErrorBodyBytes: Int

    /// 64 MiB: more than ten times the largest Discovery document Google publishes (Compute
    /// alpha, 5.7 MiB, in 2026), the largest JSON answer of any Google API, and little enough
    /// for any process.
    public static let defaultMaxResponseBodyBytes = 64 << 20
    /// 64 KiB, Google's error bodies being a few hundred bytes.
    public static let defaultMaxErrorBodyBytes = 64 << 10

    /// Each argument sets the property of the same name.
    public init(
        timeouts: HTTPTimeouts = HTTPTimeouts(),
        maxConnectionsPerHost: Int = 16,
        maxConnectionsTotal: Int = 0,
        idleConnectionCacheSize: Int = 32,
        userAgent: String = "google-api-swift/0.1",
        verifyTLS: Bool = true,
        caBundlePath: String? = nil,
        caDirectoryPath: String? = nil,
        httpVersion: HTTPVersion = .http2OverTLS,
        proxy: URL? = nil,
        maxRedirects: Int = 10,
        automaticDecompression: Bool = false,
        streamBufferBytes: Int = 1 << 20,
        largeTransferBufferBytes: Int = 512 << 10,
        maxResponseBodyBytes: Int = HTTPTransportConfiguration.defaultMaxResponseBodyBytes,
        maxErrorBodyBytes: Int = HTTPTransportConfiguration.defaultMaxErrorBodyBytes
    ) {
        self.timeouts = timeouts
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.maxConnectionsTotal = maxConnectionsTotal
        self.idleConnectionCacheSize = idleConnectionCacheSize
        self.userAgent = userAgent
        self.verifyTLS = verifyTLS
        self.caBundlePath = caBundlePath
        self.caDirectoryPath = caDirectoryPath
        self.httpVersion = httpVersion
        self.proxy = proxy
        self.maxRedirects = maxRedirects
        self.automaticDecompression = automaticDecompression
        self.streamBufferBytes = streamBufferBytes
        self.largeTransferBufferBytes = largeTransferBufferBytes
        self.maxResponseBodyBytes = maxResponseBodyBytes
        self.maxErrorBodyBytes = maxErrorBodyBytes
    }

    public static let `default` = HTTPTransportConfiguration()

    /// The limits one request runs under: its own ``GoogleHTTPRequest/timeouts`` override these
    /// field by field (every transport applies them the same way).
    package func timeouts(for request: GoogleHTTPRequest) -> HTTPTimeouts {
        guard let custom = request.timeouts else { return timeouts }
        return HTTPTimeouts(
            connect: custom.connect ?? timeouts.connect,
            request: custom.request ?? timeouts.request,
            stall: custom.stall ?? timeouts.stall,
            stallMinimumBytesPerSecond: custom.stallMinimumBytesPerSecond)
    }
}
