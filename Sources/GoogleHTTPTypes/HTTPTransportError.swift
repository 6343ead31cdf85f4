import Foundation
import GoogleBase

// MARK: - HTTPTransportError

/// A request that did not produce a complete response: the network, TLS, a timeout, a
/// cancellation. Match on ``kind`` (a growable set of values) or ask ``isTransient``.
///
/// `url` never carries query parameter values, so tokens or codes passed in a query string do not
/// leak into logs through this error.
public struct HTTPTransportError: Error, Sendable, Hashable {
    /// What kind of failure this was. New kinds may appear in later releases, so a `switch`
    /// over kinds needs a `default`.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Nothing listens at the host and port.
        public static let connectionRefused = Kind(rawValue: "connectionRefused")
        /// The host name did not resolve.
        public static let hostNotFound = Kind(rawValue: "hostNotFound")
        /// The TLS handshake or certificate check failed.
        public static let tls = Kind(rawValue: "tls")
        /// No connection within the connect timeout.
        public static let connectTimeout = Kind(rawValue: "connectTimeout")
        /// The whole request took longer than its timeout.
        public static let requestTimeout = Kind(rawValue: "requestTimeout")
        /// No bytes moved for longer than the stall timeout.
        public static let stalled = Kind(rawValue: "stalled")
        /// The request was cancelled (its task was cancelled).
        public static let cancelled = Kind(rawValue: "cancelled")
        /// The server closed the connection before the whole response (or request) was transferred.
        public static let connectionClosed = Kind(rawValue: "connectionClosed")
        /// More redirects than allowed.
        public static let tooManyRedirects = Kind(rawValue: "tooManyRedirects")
        /// The request body could not be read (a file that vanished, a stream that threw).
        public static let requestBodyFailed = Kind(rawValue: "requestBodyFailed")
        /// The response body could not be written (a full disk, a missing folder).
        public static let responseBodyFailed = Kind(rawValue: "responseBodyFailed")
        /// The URL cannot be requested.
        public static let invalidURL = Kind(rawValue: "invalidURL")
        /// A buffered response body passed its size limit (counted after decompression), so the
        /// transfer was aborted; ``HTTPTransportError/limit`` holds the limit in bytes.
        public static let responseTooLarge = Kind(rawValue: "responseTooLarge")
        /// The response broke HTTP's rules and was refused: conflicting or non-numeric
        /// `Content-Length`, too many or too long header fields, a corrupt content encoding
        /// (bad gzip). ``HTTPTransportError/message`` names which.
        public static let invalidResponse = Kind(rawValue: "invalidResponse")
        /// The proxy answered `407 Proxy Authentication Required`: it wants credentials the
        /// request did not carry (or refused the ones it did). ``HTTPTransportError/message``
        /// names the proxy's host and the variable that configured it. Not retried: only new
        /// credentials mend it.
        public static let proxyAuthenticationRequired = Kind(rawValue: "proxyAuthenticationRequired")
        /// The proxy could not be reached (its name does not resolve, nothing listens, or it did
        /// not answer in time); ``HTTPTransportError/message`` names it and its variable.
        public static let proxyUnreachable = Kind(rawValue: "proxyUnreachable")
        /// The proxy refused the tunnel (`CONNECT` answered with an error status) or closed it
        /// before the server answered; ``HTTPTransportError/message`` names it and its variable.
        public static let proxyTunnelFailed = Kind(rawValue: "proxyTunnelFailed")
        /// Anything else; ``HTTPTransportError/message`` says what.
        public static let other = Kind(rawValue: "other")
    }

    public var kind: Kind
    /// The request URL with query values removed (see ``HTTPTransportError/redacting(_:)``).
    public var url: String
    /// The underlying library's explanation, e.g. curl's error buffer.
    public var message: String
    /// The underlying library's error code (`CURLcode`), when there is one.
    public var code: Int?
    /// The size limit in bytes that was passed (``Kind/responseTooLarge``), else `nil`.
    public var limit: Int?

    public init(kind: Kind, url: URL, message: String, code: Int? = nil, limit: Int? = nil) {
        self.kind = kind
        self.url = Self.redacting(url)
        self.message = message
        self.code = code
        self.limit = limit
    }

    /// Whether retrying the same request may succeed (resets, timeouts, closed connections, a
    /// proxy tunnel closed early). A proxy that wants credentials or cannot be reached is not:
    /// repeating the request changes neither.
    public var isTransient: Bool {
        switch kind {
        case .connectionRefused, .connectTimeout, .requestTimeout, .stalled, .connectionClosed, .proxyTunnelFailed: true
        default: false
        }
    }

    /// `url` without user info and fragment, with the values of secret query parameters (`key`,
    /// `access_token`, `code`, `upload_id`, …: the package's one list) replaced by `REDACTED`;
    /// the others (`pageSize`, `fields`, `q`) stay, so the message says which request failed.
    public static func redacting(_ url: URL) -> String {
        SecretRedactor.redactedURL(url)
    }
}

// MARK: - CustomStringConvertible

extension HTTPTransportError: CustomStringConvertible {
    public var description: String {
        "\(kind) for \(url): \(SecretRedactor.redact(message))"
    }
}
