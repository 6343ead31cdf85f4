import Foundation
public import GoogleHTTPTypes
import GoogleBase

// MARK: - RequestLogEntry

/// One attempt of one request, or one access-token request, as reported to
/// ``AuthorizedSession/Configuration/logger``.
///
/// Nothing secret appears: `url` has the values of secret query parameters replaced and no user
/// info, and the headers have credential values replaced (`Authorization: Bearer REDACTED`,
/// cookies, `x-goog-api-key`, upload ids and session URIs) — the package's one list of secret
/// names, in GoogleHTTPTypes' `SecretRedactor`.
public struct RequestLogEntry: Sendable, CustomStringConvertible {
    /// What the entry reports.
    public enum Kind: String, Sendable, Hashable {
        /// An attempt of a request the session sent.
        case request
        /// The session asked its credentials for an access token (a refresh, a service-account
        /// grant, the metadata server); `url` names the credentials, `status` is `nil`.
        case accessToken
    }

    public var kind: Kind
    public var method: GoogleHTTPMethod
    public var url: String
    /// The response status, or `nil` when the attempt failed without a response.
    public var status: Int?
    public var duration: Duration
    /// 1 for the first attempt.
    public var attempt: Int
    /// Why the attempt failed, when it did (already redacted).
    public var error: String?
    /// The request's headers as sent, credentials redacted.
    public var requestHeaders: [(name: String, value: String)]
    /// The response's headers, credentials redacted; empty without a response.
    public var responseHeaders: [(name: String, value: String)]
    /// How long the session waits before the next attempt (backoff, or the server's
    /// `Retry-After`); `nil` when this attempt is the last.
    public var retryDelay: Duration?

    /// - Parameters: See the properties.
    public init(
        method: GoogleHTTPMethod, url: String, status: Int?, duration: Duration, attempt: Int, error: String?,
        kind: Kind = .request, requestHeaders: [(name: String, value: String)] = [],
        responseHeaders: [(name: String, value: String)] = [], retryDelay: Duration? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.attempt = attempt
        self.error = error
        self.requestHeaders = requestHeaders
        self.responseHeaders = responseHeaders
        self.retryDelay = retryDelay
    }

    /// `headers` as they may be logged: every credential value replaced.
    static func redacted(_ headers: GoogleHTTPHeaders) -> [(name: String, value: String)] {
        headers.map { (name: $0.name, value: SecretRedactor.redactedValue($0.value, ofHeader: $0.name)) }
    }

    public var description: String {
        let milliseconds = Int(duration.secondsDouble * 1000)
        switch kind {
        case .accessToken:
            return "access token from \(url) -> \(error.map { "failed: \($0)" } ?? "ok") in \(milliseconds) ms"
        case .request:
            let outcome = status.map { "\($0)" } ?? "failed: \(error ?? "unknown")"
            let retry = retryDelay.map { ", retrying in \(Int($0.secondsDouble * 1000)) ms" } ?? ""
            return "\(method) \(url) -> \(outcome) in \(milliseconds) ms (attempt \(attempt)\(retry))"
        }
    }
}
