import Foundation

// MARK: - Configuration

extension LocalHTTPServer {
    /// How a ``LocalHTTPServer`` listens and what it accepts.
    public struct Configuration: Sendable {
        /// The address to bind: a numeric IPv4 or IPv6 literal.
        public struct Host: Sendable, Hashable, CustomStringConvertible {
            public enum Family: Sendable, Hashable { case ipv4, ipv6 }

            public var family: Family
            /// The numeric address, e.g. `127.0.0.1` or `::1`.
            public var address: String

            /// Accepts numeric literals only (no name lookup), e.g. `127.0.0.1`, `::1`, `[::1]`;
            /// `localhost` means `127.0.0.1`. Returns `nil` for anything else.
            public init?(_ literal: String) {
                var text = literal
                if text == "localhost" { text = "127.0.0.1" }
                if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
                if SocketAddress.isIPv4Literal(text) {
                    self.family = .ipv4
                } else if SocketAddress.isIPv6Literal(text) {
                    self.family = .ipv6
                } else {
                    return nil
                }
                self.address = text
            }

            private init(family: Family, address: String) {
                self.family = family
                self.address = address
            }

            public static let ipv4Loopback = Host(family: .ipv4, address: "127.0.0.1")
            public static let ipv6Loopback = Host(family: .ipv6, address: "::1")

            /// The host as it appears in a URL (`[::1]` for IPv6).
            public var urlHost: String { family == .ipv6 ? "[\(address)]" : address }
            public var description: String { address }
        }

        public var host: Host
        /// The port to bind; `0` picks a free one (read it back from ``LocalHTTPServer/port``).
        public var port: Int
        /// Largest request line + header section accepted; larger heads are answered with 431.
        public var maxHeaderBytes: Int
        /// Largest buffered request body; larger bodies are answered with 413. Streamed bodies
        /// (see ``streamRequestBody``) are not limited by this.
        public var maxBodyBytes: Int
        /// How long an idle keep-alive connection waits for its next request before closing.
        public var idleTimeout: Duration
        /// How long the server waits for more bytes in the middle of a request.
        public var readTimeout: Duration
        /// The longest a whole request head (request line and headers) may take to arrive: counted
        /// from the connection's start for its first request, from the first byte for later ones.
        /// ``readTimeout`` alone restarts with every byte, so a client dripping one byte at a time
        /// could hold a connection for ever; past this deadline it is answered 408 and closed.
        /// `nil` for no limit.
        public var requestHeadTimeout: Duration?
        /// The most connections served at once; `nil` for no limit. At the limit, a new connection
        /// closes the connection that has waited longest for (or been sending) a request head
        /// without reaching its handler, so idle or slow clients cannot lock others out; when
        /// every connection is inside a handler, the new one is answered 503 and closed.
        public var maxConnections: Int?
        /// Unread streamed-body bytes up to this size are drained to keep the connection alive;
        /// beyond it the connection is closed after the response.
        public var maxDrainBytes: Int64
        /// Decides, from the request head (its ``HTTPServerRequest/body`` is still empty), whether
        /// the handler receives the body as ``HTTPServerRequest/bodyStream`` instead of buffered.
        public var streamRequestBody: (@Sendable (HTTPServerRequest) -> Bool)?

        /// - Parameters:
        ///   - host: Where to listen; loopback by default.
        ///   - port: `0` (the default) for any free port.
        ///   - maxHeaderBytes: Default 64 KiB.
        ///   - maxBodyBytes: Default 512 MiB.
        ///   - idleTimeout: Default 30 seconds.
        ///   - readTimeout: Default 30 seconds.
        ///   - maxDrainBytes: Default 1 MiB.
        ///   - streamRequestBody: `nil` buffers every body.
        ///   - requestHeadTimeout: Default 60 seconds.
        ///   - maxConnections: Default `nil` (no limit).
        public init(
            host: Host = .ipv4Loopback,
            port: Int = 0,
            maxHeaderBytes: Int = 64 * 1024,
            maxBodyBytes: Int = 512 * 1024 * 1024,
            idleTimeout: Duration = .seconds(30),
            readTimeout: Duration = .seconds(30),
            maxDrainBytes: Int64 = 1024 * 1024,
            streamRequestBody: (@Sendable (HTTPServerRequest) -> Bool)? = nil,
            requestHeadTimeout: Duration? = .seconds(60),
            maxConnections: Int? = nil
        ) {
            self.host = host
            self.port = port
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.idleTimeout = idleTimeout
            self.readTimeout = readTimeout
            self.maxDrainBytes = maxDrainBytes
            self.streamRequestBody = streamRequestBody
            self.requestHeadTimeout = requestHeadTimeout
            self.maxConnections = maxConnections
        }

        /// Streams the bodies of requests whose path starts with one of `prefixes`.
        public static func streamingBodies(forPathPrefixes prefixes: [String]) -> @Sendable (HTTPServerRequest) -> Bool {
            { request in prefixes.contains { request.path.hasPrefix($0) } }
        }
    }
}
