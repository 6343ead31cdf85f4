import Foundation
public import GoogleHTTP

// MARK: - RequestLogEntry

/// One attempt of one request, as reported to ``AuthorizedSession/Configuration/logger``.
///
/// `url` has the values of secret query parameters replaced and no user info (the package's one
/// list of secret names, in GoogleHTTPTypes' `SecretRedactor`); tokens never appear.
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
}
