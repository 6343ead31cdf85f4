import Foundation
public import GoogleHTTP

// MARK: - RequestLogEntry

/// One attempt of one request, as reported to ``AuthorizedSession/Configuration/logger``.
///
/// `url` has secret-looking query values (`access_token`, `key`, `code`, `token`,
/// `client_secret`, `refresh_token`, ...) replaced, and no user info; tokens never appear.
public struct RequestLogEntry: Sendable, CustomStringConvertible {
    public var method: HTTPMethod
    public var url: String
    /// The response status, or `nil` when the attempt failed without a response.
    public var status: Int?
    public var duration: Duration
    /// 1 for the first attempt.
    public var attempt: Int
    /// Why the attempt failed, when it did (already redacted).
    public var error: String?

    public init(method: HTTPMethod, url: String, status: Int?, duration: Duration, attempt: Int, error: String?) {
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.attempt = attempt
        self.error = error
    }

    public var description: String {
        let milliseconds = Int(duration.secondsDouble * 1000)
        let outcome = status.map { "\($0)" } ?? "failed: \(error ?? "unknown")"
        return "\(method) \(url) -> \(outcome) in \(milliseconds) ms (attempt \(attempt))"
    }

    // MARK: - Redaction

    /// Query parameter names whose values are secrets.
    public static let secretQueryNames: Set<String> = [
        "access_token", "key", "code", "token", "client_secret", "refresh_token", "id_token",
        "password", "assertion", "api_key", "apikey", "upload_id",
    ]

    /// Like ``redactedURL(_:)`` for text that may not parse as a URL.
    public static func redactedURLString(_ text: String) -> String {
        URL(string: text).map(redactedURL) ?? "<invalid URL>"
    }

    /// `url` with user info, fragment and the values of secret-looking query parameters removed;
    /// other query parameters are kept so logs stay useful.
    public static func redactedURL(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<invalid URL>"
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        if let items = components.percentEncodedQueryItems, !items.isEmpty {
            components.percentEncodedQueryItems = items.map { item in
                secretQueryNames.contains(item.name.lowercased()) && item.value != nil
                    ? URLQueryItem(name: item.name, value: "REDACTED") : item
            }
        }
        return components.string ?? "<invalid URL>"
    }
}
