import Foundation
public import GoogleHTTP

// MARK: - OAuthError

/// Everything that can go wrong while authorizing, exchanging, refreshing or revoking.
///
/// Cases named after an OAuth error code carry the server's optional `error_description`.
/// ``description`` gives the meaning from Google's guide and ``remedy`` a one-line fix. No case ever
/// carries a token, code, verifier or client secret, so errors are safe to log.
public enum OAuthError: Error, Sendable, Hashable {
    // MARK: Errors Google returns (authorization callback or token endpoint)

    /// `access_denied`: the user declined (or the device-flow request was denied).
    case accessDenied(description: String?)
    /// `admin_policy_enforced`: a Google Workspace admin policy blocks one or more scopes.
    case adminPolicyEnforced(description: String?)
    /// `disallowed_useragent`: the authorization page was opened in an embedded user agent.
    case disallowedUserAgent(description: String?)
    /// `org_internal`: the OAuth client is limited to users of one Google Cloud organization.
    case orgInternal(description: String?)
    /// `deleted_client`: the OAuth client was deleted.
    case deletedClient(description: String?)
    /// `invalid_grant`: the code or refresh token is invalid, expired, revoked or already used, or
    /// the PKCE verifier is wrong. On refresh this means the user must authorize again.
    case invalidGrant(description: String?)
    /// `redirect_uri_mismatch`: the redirect URI is not registered for this client.
    case redirectURIMismatch(description: String?)
    /// `invalid_request`: a parameter is missing, repeated or malformed.
    case invalidRequest(description: String?)
    /// `invalid_client`: the client ID or secret is wrong, or the client type does not match.
    case invalidClient(description: String?)
    /// `unauthorized_client`: the client may not use this grant type.
    case unauthorizedClient(description: String?)
    /// `invalid_scope`: a requested scope is unknown or not allowed for this client or flow.
    case invalidScope(description: String?)
    /// `unsupported_grant_type`: the token endpoint does not know the grant type.
    case unsupportedGrantType(description: String?)
    /// `invalid_token` from the revocation endpoint: the token is unknown, expired or already revoked.
    case invalidToken(description: String?)
    /// Any other OAuth `error` code.
    case server(code: String, description: String?)

    // MARK: Device authorization grant (RFC 8628)

    /// `expired_token`: the device code expired before the user approved it; start again.
    case deviceCodeExpired

    // MARK: Local failures

    /// The transport could not complete a request to an OAuth endpoint.
    case transport(HTTPTransportError)
    /// An OAuth endpoint answered with something that is not the expected JSON (an HTML proxy page,
    /// a truncated body). `excerpt` is short and has token-like values removed.
    case unexpectedResponse(status: Int, excerpt: String)
    /// The token endpoint answered with tokens this library cannot use: an empty access token, one
    /// with characters an HTTP header cannot carry (control characters, spaces, non-ASCII), or a
    /// `token_type` other than Bearer. Nothing was stored. `reason` never shows the token.
    case invalidTokenResponse(reason: String)
    /// The `state` in the redirect did not match the one sent: a possible CSRF attempt. Nothing was exchanged.
    case stateMismatch
    /// The redirect did not carry an authorization code (nor an `error`).
    case missingAuthorizationCode
    /// The flow did not complete within the configured time.
    case timedOut(after: Duration)
    /// The loopback listener could not be started or failed while waiting.
    case listenerFailed(reason: String)
    /// An OAuth endpoint (token, revocation, device or authorization) would carry secrets over
    /// plain http to a host that is not loopback; nothing was sent. `url` has its query values masked.
    case insecureEndpoint(url: String, reason: String)
    /// The flow was cancelled (the calling task was cancelled).
    case cancelled
    /// A required scope was not granted by the user.
    case scopeNotGranted(required: [String], granted: Set<String>)
    /// A client-secret JSON file (or its content) is malformed; `path` names the key, e.g. `installed.client_id`.
    case invalidClientConfiguration(path: String, reason: String)
    /// An operation needs a refresh token and the credentials have none.
    case missingRefreshToken
}

// MARK: - Classification

extension OAuthError {
    /// Whether this is `invalid_grant`: on refresh, the user must authorize again (the refresh token
    /// was revoked, expired under time-based access, or the password changed).
    public var isInvalidGrant: Bool {
        if case .invalidGrant = self { return true }
        return false
    }

    /// The OAuth `error` code this error corresponds to, when it came from the server.
    public var oauthErrorCode: String? {
        switch self {
        case .accessDenied: "access_denied"
        case .adminPolicyEnforced: "admin_policy_enforced"
        case .disallowedUserAgent: "disallowed_useragent"
        case .orgInternal: "org_internal"
        case .deletedClient: "deleted_client"
        case .invalidGrant: "invalid_grant"
        case .redirectURIMismatch: "redirect_uri_mismatch"
        case .invalidRequest: "invalid_request"
        case .invalidClient: "invalid_client"
        case .unauthorizedClient: "unauthorized_client"
        case .invalidScope: "invalid_scope"
        case .unsupportedGrantType: "unsupported_grant_type"
        case .invalidToken: "invalid_token"
        case .deviceCodeExpired: "expired_token"
        case .server(let code, _): code
        default: nil
        }
    }

    /// Maps an OAuth `error` code (and optional `error_description`) to a typed error.
    /// - Parameters:
    ///   - code: The `error` value, e.g. `invalid_grant`.
    ///   - description: The `error_description` value, if any.
    public init(code: String, description: String?) {
        let description = description.map(OAuthError.sanitizedDescription)
        switch code {
        case "access_denied": self = .accessDenied(description: description)
        case "admin_policy_enforced": self = .adminPolicyEnforced(description: description)
        case "disallowed_useragent": self = .disallowedUserAgent(description: description)
        case "org_internal": self = .orgInternal(description: description)
        case "deleted_client": self = .deletedClient(description: description)
        case "invalid_grant": self = .invalidGrant(description: description)
        case "redirect_uri_mismatch": self = .redirectURIMismatch(description: description)
        case "invalid_request": self = .invalidRequest(description: description)
        case "invalid_client": self = .invalidClient(description: description)
        case "unauthorized_client": self = .unauthorizedClient(description: description)
        case "invalid_scope": self = .invalidScope(description: description)
        case "unsupported_grant_type": self = .unsupportedGrantType(description: description)
        case "invalid_token": self = .invalidToken(description: description)
        case "expired_token": self = .deviceCodeExpired
        default: self = .server(code: OAuthError.sanitizedDescription(code), description: description)
        }
    }

    /// Server-provided text is shown to users; keep it to one short printable line, with any
    /// secret it echoes (a code, a token) masked.
    static func sanitizedDescription(_ text: String) -> String {
        let printable = SecretRedactor.redact(text).unicodeScalars
            .map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
        let line = String(printable)
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }
}
