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
        /// a dropped connection), whose waits reach ``waitObserver`` like the others.
        public var retry: RetryPolicy
        /// Called after `invalid_grant`, once the stored credentials were deleted. Return new
        /// credentials (e.g. after rerunning authorization) to save them and continue, or `nil` to
        /// fail with `GoogleAuth/OAuthError/Code/reauthenticationRequired`.
        public var reauthenticationHandler: (@Sendable () async throws -> OAuthTokens?)?
        /// Receives one entry per attempt and per access-token request, with secrets redacted
        /// (see `GoogleAuth/RequestLogEntry`). It also reaches the `GoogleAuth/OAuthClient` given as refresher to
        /// ``AuthorizedSession/init(credentials:refresher:transport:configuration:)`` when that
        /// client has no logger, so each refresh request is logged as well.
        public var logger: (@Sendable (RequestLogEntry) -> Void)?
        /// How the session waits between retries. A test seam, not configuration: apps shape
        /// waits with ``retry`` and see them through ``waitObserver``.
        @_spi(Testing) public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        /// The current time, for token expiry. A test seam, not configuration.
        @_spi(Testing) public var now: @Sendable () -> Date = { Date() }
        /// Origins (scheme, host and port) that receive the access token besides the root URLs of
        /// the ``GoogleServiceClient``s built on this session, e.g. for requests sent with
        /// ``AuthorizedSession/send(_:idempotent:retryPolicy:methodID:)`` to an endpoint no service client covers. Each
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
        /// Told about every wait before a retry (see ``RetryWait``), e.g. to show the user why
        /// nothing seems to happen; `nil` waits silently.
        public var waitObserver: (@Sendable (RetryWait) -> Void)?
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
            logger: (@Sendable (RequestLogEntry) -> Void)? = nil,
            trustedTokenOrigins: [URL] = [],
            apiRootURL: URL? = nil,
            maxResponseBodyBytes: Int? = nil,
            waitObserver: (@Sendable (RetryWait) -> Void)? = nil
        ) {
            self.refreshSkew = refreshSkew
            self.tokenPlacement = tokenPlacement
            self.retry = retry
            self.reauthenticationHandler = reauthenticationHandler
            self.logger = logger
            self.trustedTokenOrigins = trustedTokenOrigins
            self.apiRootURL = apiRootURL
            self.maxResponseBodyBytes = maxResponseBodyBytes
            self.waitObserver = waitObserver
        }
    }
}
