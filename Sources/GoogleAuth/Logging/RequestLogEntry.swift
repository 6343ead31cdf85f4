import Foundation
import GoogleBase
public import GoogleHTTPTypes

// MARK: - RequestLogEntry

/// One HTTP exchange (or one access-token request) as reported to a logger: an
/// `AuthorizedSession`'s request log (`Configuration.logRequests(_:)`) for API attempts and token requests, and
/// ``OAuthClient/logger`` for every request to an OAuth endpoint (code exchange, refresh,
/// revocation, device authorization, each device-flow poll).
///
/// Nothing secret appears: `url` has the values of secret query parameters replaced and no user
/// info, the headers have credential values replaced (`Authorization: Bearer REDACTED`, cookies,
/// `x-goog-api-key`, upload ids and session URIs) — the package's one list of secret names — and
/// bodies (which carry codes, tokens and client secrets for OAuth requests) are never logged.
public struct RequestLogEntry: Sendable, CustomStringConvertible {
    /// What the entry reports. New kinds may appear in later releases, so a `switch` over kinds
    /// needs a `default`.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// An attempt of a request the session sent.
        public static let request = Kind(rawValue: "request")
        /// The session asked its credentials for an access token (a refresh, a service-account
        /// grant, the metadata server); `url` names the credentials, `status` is `nil`. For the
        /// user's OAuth tokens the HTTP request behind it is logged too, as ``tokenRefresh``.
        public static let accessToken = Kind(rawValue: "accessToken")
        /// ``OAuthClient`` exchanged an authorization code for tokens.
        public static let codeExchange = Kind(rawValue: "codeExchange")
        /// ``OAuthClient`` sent a refresh token for a new access token.
        public static let tokenRefresh = Kind(rawValue: "tokenRefresh")
        /// ``OAuthClient`` revoked a token (signing out).
        public static let revocation = Kind(rawValue: "revocation")
        /// ``OAuthClient`` asked for a device code and user code.
        public static let deviceAuthorization = Kind(rawValue: "deviceAuthorization")
        /// ``OAuthClient`` polled the token endpoint during the device flow; `attempt` is the poll's
        /// number, `error` the server's answer while waiting (`authorization_pending`,
        /// `slow_down`), `retryDelay` the wait before the next poll.
        public static let devicePoll = Kind(rawValue: "devicePoll")

        /// Kinds reported by ``OAuthClient``, with the words ``RequestLogEntry/description`` uses.
        static let oauthWords: [Kind: String] = [
            .codeExchange: "code exchange", .tokenRefresh: "token refresh", .revocation: "revocation",
            .deviceAuthorization: "device authorization", .devicePoll: "device poll",
        ]
    }

    public var kind: Kind
    /// The Discovery method ID of the call the attempt belongs to (`drive.files.list`); `nil` for
    /// a request sent without one and for OAuth endpoints.
    public var methodID: String?
    public var method: GoogleHTTPMethod
    public var url: String
    /// The response status, or `nil` when the attempt failed without a response.
    public var status: Int?
    public var duration: Duration
    /// 1 for the first attempt (for ``Kind/devicePoll``, the poll's number).
    public var attempt: Int
    /// Why the attempt failed, when it did (already redacted). For OAuth endpoints, the OAuth
    /// `error` code the server answered (`invalid_grant`, `authorization_pending`).
    public var error: String?
    /// The request's headers as sent, credentials redacted.
    public var requestHeaders: [(name: String, value: String)]
    /// The response's headers, credentials redacted; empty without a response.
    public var responseHeaders: [(name: String, value: String)]
    /// How long an ``OAuthClient`` waits before its next request (the device flow's polling
    /// interval); `nil` when nothing follows, and for a session's attempts, whose waits are
    /// events of their own (GoogleAPIRuntime's `RetryWait`).
    public var retryDelay: Duration?

    /// - Parameters: See the properties.
    public init(
        method: GoogleHTTPMethod, url: String, status: Int?, duration: Duration, attempt: Int, error: String?,
        kind: Kind = .request, requestHeaders: [(name: String, value: String)] = [],
        responseHeaders: [(name: String, value: String)] = [], retryDelay: Duration? = nil, methodID: String? = nil
    ) {
        self.kind = kind
        self.methodID = methodID
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
    package static func redacted(_ headers: GoogleHTTPHeaders) -> [(name: String, value: String)] {
        headers.map { (name: $0.name, value: SecretRedactor.redactedValue($0.value, ofHeader: $0.name)) }
    }

    /// `drive.files.list: GET https://… -> 200 in 12 ms (attempt 1)` (the method
    /// ID first when the call has one), or for an OAuth endpoint
    /// `device poll 2: POST https://…/token -> 428 authorization_pending in 3 ms, next in 5000 ms`.
    public var description: String {
        let milliseconds = Self.milliseconds(duration)
        if kind == .accessToken {
            return "access token from \(url) -> \(error.map { "failed: \($0)" } ?? "ok") in \(milliseconds) ms"
        }
        let outcome = status.map { status in error.map { "\(status) \($0)" } ?? "\(status)" } ?? "failed: \(error ?? "unknown")"
        if let words = Kind.oauthWords[kind] {
            let number = kind == .devicePoll ? " \(attempt)" : ""
            let next = retryDelay.map { ", next in \(Self.milliseconds($0)) ms" } ?? ""
            return "\(words)\(number): \(method) \(url) -> \(outcome) in \(milliseconds) ms\(next)"
        }
        let retry = retryDelay.map { ", retrying in \(Self.milliseconds($0)) ms" } ?? ""
        let name = methodID.map { "\($0): " } ?? ""
        return "\(name)\(method) \(url) -> \(outcome) in \(milliseconds) ms (attempt \(attempt)\(retry))"
    }

    /// Whole milliseconds, clamped (an entry built by hand may hold any duration).
    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let value = (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded(.towardZero)
        return value >= 9.2e18 ? Int.max : value <= -9.2e18 ? Int.min : Int(value)
    }
}
