import Foundation
import GoogleAuth

// MARK: - AuthorizedSession.Configuration

extension AuthorizedSession {
    /// Where the access token goes on each request.
    public enum TokenPlacement: Sendable, Hashable {
        /// `Authorization: Bearer <token>` (the default and what Google recommends).
        case authorizationHeader
        /// The `access_token` query parameter; only for endpoints that need it.
        case queryParameter
    }

    /// Tunables of an ``AuthorizedSession``.
    public struct Configuration: Sendable {
        /// Refresh the access token when it expires within this many seconds.
        public var refreshSkew: TimeInterval
        public var tokenPlacement: TokenPlacement
        /// When failed requests are repeated: API calls, and the credentials' own requests (a
        /// token endpoint, the metadata server or IAM Credentials answering 408, 429 or 5xx, or
        /// a dropped connection), whose waits reach ``observers`` like the others.
        public var retry: RetryPolicy
        /// Called after `invalid_grant`, once the stored credentials were deleted. Return new
        /// credentials (e.g. after rerunning authorization) to save them and continue, or `nil` to
        /// fail with `GoogleAuth/OAuthError/Code/reauthenticationRequired`.
        public var reauthenticationHandler: (@Sendable () async throws -> OAuthTokens?)?
        /// Middleware run once per call, outermost first, before quota is charged and around every
        /// retry (see ``GoogleMiddleware``); a call's own (``APICallOptions/callMiddleware``) run
        /// inside these.
        public var callMiddleware: [any GoogleMiddleware]
        /// Middleware run once per attempt, outermost first, after the credentials were added and
        /// before the transport sends it (see ``GoogleMiddleware``); a call's own
        /// (``APICallOptions/attemptMiddleware``) run inside these. The request log
        /// (``logRequests(_:)``) is one.
        public var attemptMiddleware: [any GoogleMiddleware]
        /// Receive what is not a request, as it happens: retries scheduled, tokens refreshed,
        /// quota charged, upload chunks sent, streams reconnected (see ``GoogleSessionEvent``).
        /// ``GoogleSessionObserver/retryWaits(_:)`` sees only the waits before retries.
        public var observers: [any GoogleSessionObserver]
        /// How the session waits between retries. A test seam, not configuration: apps shape
        /// waits with ``retry`` and see them through ``observers``.
        @_spi(Testing) public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        /// The current time, for token expiry. A test seam, not configuration.
        @_spi(Testing) public var now: @Sendable () -> Date = { Date() }
        /// Origins (scheme, host and port) that receive the access token besides the root URLs of
        /// the ``GoogleServiceClient``s built on this session, e.g. for requests sent with
        /// ``AuthorizedSession/send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)`` to an endpoint no service client covers. Each
        /// must be `https`, or `http` on a loopback host; others are ignored (and requests to them
        /// are refused with `GoogleAuth/OAuthError/Code/untrustedTokenDestination`).
        public var trustedTokenOrigins: [URL]
        /// The root URL of every ``GoogleServiceClient`` built on this session without a
        /// `rootURL:` of its own (`nil`: each service's own, Google's). Set it from
        /// `GoogleAuth/GoogleEnvironment/apiRootURL` to follow `GOOGLE_API_ROOT_URL` (the local emulator);
        /// the session trusts the root's origin with the token, so it must be `https` or loopback.
        public var apiRootURL: URL?
        /// The most bytes a response read into memory may have (counted after decompression),
        /// for requests that do not set `GoogleHTTPTypes/GoogleHTTPRequest/maxResponseBodyBytes` themselves; `nil`
        /// leaves it to the transport (`HTTPTransportConfiguration.maxResponseBodyBytes`,
        /// 64 MiB by default). Downloads and streams are not limited.
        public var maxResponseBodyBytes: Int?
        /// Counts quota units per day and refuses, before sending, a call that would pass the
        /// budget (see ``GoogleQuotaLedger``); `nil` (the default) counts nothing. Requests its
        /// pricing does not know (other APIs) pass uncounted.
        public var quotaLedger: GoogleQuotaLedger?

        /// - Parameters: See the properties.
        public init(
            refreshSkew: TimeInterval = 60,
            tokenPlacement: TokenPlacement = .authorizationHeader,
            retry: RetryPolicy = .init(),
            reauthenticationHandler: (@Sendable () async throws -> OAuthTokens?)? = nil,
            trustedTokenOrigins: [URL] = [],
            apiRootURL: URL? = nil,
            maxResponseBodyBytes: Int? = nil,
            callMiddleware: [any GoogleMiddleware] = [],
            attemptMiddleware: [any GoogleMiddleware] = [],
            observers: [any GoogleSessionObserver] = []
        ) {
            self.refreshSkew = refreshSkew
            self.tokenPlacement = tokenPlacement
            self.retry = retry
            self.reauthenticationHandler = reauthenticationHandler
            self.trustedTokenOrigins = trustedTokenOrigins
            self.apiRootURL = apiRootURL
            self.maxResponseBodyBytes = maxResponseBodyBytes
            self.callMiddleware = callMiddleware
            self.attemptMiddleware = attemptMiddleware
            self.observers = observers
        }

        /// Logs every attempt and every access-token request to `handler`, secrets redacted: adds
        /// a ``GoogleRequestLog`` to ``attemptMiddleware`` (after those already there) and to
        /// ``observers``. An `GoogleAuth/OAuthClient` given as refresher to
        /// ``AuthorizedSession/init(credentials:refresher:transport:configuration:)`` without a
        /// logger of its own logs its refresh requests there too
        /// (`GoogleAuth/RequestLogEntry/Kind/tokenRefresh`).
        /// - Parameter handler: Receives each entry, on the task that made the request.
        public mutating func logRequests(_ handler: @escaping @Sendable (RequestLogEntry) -> Void) {
            let log = GoogleRequestLog(handler)
            attemptMiddleware.append(log)
            observers.append(log)
        }
    }
}
