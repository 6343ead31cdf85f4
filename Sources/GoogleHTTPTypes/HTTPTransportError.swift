import Foundation

// MARK: - HTTPTransportError

/// A request that did not produce a complete response.
///
/// `url` never carries query parameter values, so tokens or codes passed in a query string do not
/// leak into logs through this error.
public struct HTTPTransportError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case connectionRefused
        case hostNotFound
        case tls
        case connectTimeout
        case requestTimeout
        case stalled
        case cancelled
        /// The server closed the connection before the whole response (or request) was transferred.
        case connectionClosed
        case tooManyRedirects
        /// The request body could not be read (a file that vanished, a stream that threw).
        case requestBodyFailed
        /// The response body could not be written (a full disk, a missing folder).
        case responseBodyFailed
        case invalidURL
        case other
    }

    public var kind: Kind
    /// The request URL with query values removed (see ``HTTPTransportError/redacting(_:)``).
    public var url: String
    /// The underlying library's explanation, e.g. curl's error buffer.
    public var message: String
    /// The underlying library's error code (`CURLcode`), when there is one.
    public var code: Int?

    public init(kind: Kind, url: URL, message: String, code: Int? = nil) {
        self.kind = kind
        self.url = Self.redacting(url)
        self.message = message
        self.code = code
    }

    /// Whether retrying the same request may succeed (resets, timeouts, closed connections).
    public var isTransient: Bool {
        switch kind {
        case .connectionRefused, .connectTimeout, .requestTimeout, .stalled, .connectionClosed: true
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
