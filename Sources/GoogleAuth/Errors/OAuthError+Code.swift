// MARK: - OAuthError.Code

extension OAuthError {
    /// What went wrong. Codes the server sent are its OAuth `error` values (`invalid_grant`, or any
    /// other the server may add, kept as sent); local codes are camel-case names. New codes may
    /// appear in later releases, so a `switch` over codes needs a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        // MARK: Errors Google returns (authorization callback or token endpoint)

        /// `access_denied`: the user declined (or the device-flow request was denied).
        public static let accessDenied = Code(rawValue: "access_denied")
        /// `admin_policy_enforced`: a Google Workspace admin policy blocks one or more scopes.
        public static let adminPolicyEnforced = Code(rawValue: "admin_policy_enforced")
        /// `disallowed_useragent`: the authorization page was opened in an embedded user agent.
        public static let disallowedUserAgent = Code(rawValue: "disallowed_useragent")
        /// `org_internal`: the OAuth client is limited to users of one Google Cloud organization.
        public static let orgInternal = Code(rawValue: "org_internal")
        /// `deleted_client`: the OAuth client was deleted.
        public static let deletedClient = Code(rawValue: "deleted_client")
        /// `invalid_grant`: the code or refresh token is invalid, expired, revoked or already used,
        /// or the PKCE verifier is wrong. On refresh this means the user must authorize again.
        public static let invalidGrant = Code(rawValue: "invalid_grant")
        /// `redirect_uri_mismatch`: the redirect URI is not registered for this client.
        public static let redirectURIMismatch = Code(rawValue: "redirect_uri_mismatch")
        /// `invalid_request`: a parameter is missing, repeated or malformed.
        public static let invalidRequest = Code(rawValue: "invalid_request")
        /// `invalid_client`: the client ID or secret is wrong, or the client type does not match.
        public static let invalidClient = Code(rawValue: "invalid_client")
        /// `unauthorized_client`: the client may not use this grant type.
        public static let unauthorizedClient = Code(rawValue: "unauthorized_client")
        /// `invalid_scope`: a requested scope is unknown or not allowed for this client or flow.
        public static let invalidScope = Code(rawValue: "invalid_scope")
        /// `unsupported_grant_type`: the token endpoint does not know the grant type.
        public static let unsupportedGrantType = Code(rawValue: "unsupported_grant_type")
        /// `invalid_token` from the revocation endpoint: the token is unknown, expired or already revoked.
        public static let invalidToken = Code(rawValue: "invalid_token")
        /// `expired_token` (RFC 8628): the device code expired before the user approved it; start again.
        public static let deviceCodeExpired = Code(rawValue: "expired_token")

        // MARK: Local failures of the flows

        /// The transport could not complete a request to an OAuth endpoint: ``OAuthError/transportError``.
        public static let transport = Code(rawValue: "transport")
        /// An OAuth endpoint answered with something that is not the expected JSON (an HTML proxy
        /// page, a truncated body): ``OAuthError/status`` and ``OAuthError/excerpt``.
        public static let unexpectedResponse = Code(rawValue: "unexpectedResponse")
        /// The token endpoint answered with tokens this library cannot use: an empty access token,
        /// one with characters an HTTP header cannot carry (control characters, spaces, non-ASCII),
        /// or a `token_type` other than Bearer. Nothing was stored. ``OAuthError/reason`` never
        /// shows the token.
        public static let invalidTokenResponse = Code(rawValue: "invalidTokenResponse")
        /// The `state` in the redirect did not match the one sent: a possible CSRF attempt. Nothing was exchanged.
        public static let stateMismatch = Code(rawValue: "stateMismatch")
        /// An app sign-in's user agent returned a callback URL that is not at the app's redirect
        /// (another scheme, host or path): ``OAuthError/reason`` names the redirect expected, never
        /// the callback's parameters. Nothing was exchanged.
        public static let callbackMismatch = Code(rawValue: "callbackMismatch")
        /// The redirect did not carry an authorization code (nor an `error`).
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        public static let missingAuthorizationCode = Code(rawValue: "missingAuthorizationCode")
        /// The flow did not complete within ``OAuthError/timeout``.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The loopback listener could not be started or failed while waiting: ``OAuthError/reason``.
        public static let listenerFailed = Code(rawValue: "listenerFailed")
        /// An OAuth endpoint (token, revocation, device or authorization) would carry secrets over
        /// plain http to a host that is not loopback; nothing was sent: ``OAuthError/url``, ``OAuthError/reason``.
        public static let insecureEndpoint = Code(rawValue: "insecureEndpoint")
        /// The flow was cancelled: the calling task was cancelled, or the person closed an app's
        /// sign-in sheet (``OAuthError/reason`` says which). Not a refusal, which is ``accessDenied``.
        public static let cancelled = Code(rawValue: "cancelled")
        /// A client-secret JSON file (or its content) is malformed:
        /// ``OAuthError/configurationPath`` names the key, ``OAuthError/reason`` what is wrong.
        public static let invalidClientConfiguration = Code(rawValue: "invalidClientConfiguration")
        /// An operation needs a refresh token and the credentials have none.
        public static let missingRefreshToken = Code(rawValue: "missingRefreshToken")

        // MARK: A call's credentials (thrown by AuthorizedSession)

        /// A required scope was not granted: ``OAuthError/requiredScopes`` and
        /// ``OAuthError/grantedScopes``. A call is refused before anything is sent when none of
        /// its scopes was granted.
        public static let scopeNotGranted = Code(rawValue: "scopeNotGranted")
        /// The refresh token was rejected (`invalid_grant`: revoked, expired or the password
        /// changed), or there is none to use: the stored credentials were deleted and the user
        /// must authorize again (``OAuthError/reason`` says why).
        public static let reauthenticationRequired = Code(rawValue: "reauthenticationRequired")
        /// The token store holds no credentials.
        public static let notAuthorized = Code(rawValue: "notAuthorized")
        /// The server answered 401 (``OAuthError/status``) to a request whose streamed body cannot
        /// be sent again, so it was not retried with a refreshed token.
        public static let unauthorizedBodyNotReplayable = Code(rawValue: "unauthorizedBodyNotReplayable")
        /// Refreshing the access token failed for a reason other than `invalid_grant`: ``OAuthError/reason``.
        public static let refreshFailed = Code(rawValue: "refreshFailed")
        /// The request's URL may not receive the access token, so nothing was sent: plain http to
        /// a host that is not loopback, or an origin other than a service's root URL or a
        /// configured trusted origin: ``OAuthError/url`` (query values masked), ``OAuthError/reason``.
        public static let untrustedTokenDestination = Code(rawValue: "untrustedTokenDestination")

        /// Whether the OAuth server sent this code (local codes are camel-case names without `_`,
        /// Google's are lower-case with `_`).
        var isServerCode: Bool { !Self.localCodes.contains(self) }

        static let localCodes: Set<Code> = [
            .transport, .unexpectedResponse, .invalidTokenResponse, .stateMismatch, .callbackMismatch, .missingAuthorizationCode, .timedOut,
            .listenerFailed,
            .insecureEndpoint, .cancelled, .invalidClientConfiguration, .missingRefreshToken, .scopeNotGranted,
            .reauthenticationRequired, .notAuthorized, .unauthorizedBodyNotReplayable, .refreshFailed,
            .untrustedTokenDestination,
        ]
    }
}

// MARK: - Pattern matching

extension OAuthError.Code {
    /// Lets a code stand for the errors that have it: `case .invalidGrant:` in a `switch` over an
    /// ``OAuthError``, `if case .stateMismatch = error`.
    public static func ~= (pattern: OAuthError.Code, value: OAuthError) -> Bool { value.code == pattern }

    /// Lets a code stand for the errors that have it in a `catch`: `catch OAuthError.Code.invalidGrant`.
    public static func ~= (pattern: OAuthError.Code, value: any Error) -> Bool {
        (value as? OAuthError)?.code == pattern
    }
}
