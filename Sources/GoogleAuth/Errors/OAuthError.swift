import Foundation
import GoogleBase
public import GoogleHTTP

// MARK: - OAuthError

/// Everything that can go wrong while authorizing: the OAuth flows (authorize, exchange, refresh,
/// revoke, device flow) and, through `AuthorizedSession`, a call's credentials (none stored, the
/// user must sign in again, a scope not granted, a refresh that failed).
///
/// Match on ``code``; it is a growable set of values, so a `switch` needs a `default` and a new
/// code in a later release breaks nothing:
///
/// ```swift
/// do {
///     try await client.refresh(credentials)
/// } catch let error as OAuthError where error.code == .invalidGrant {
///     // sign in again
/// }
/// ```
///
/// Codes the OAuth server sent keep its `error` value (``Code/rawValue``, e.g. `invalid_grant`)
/// and carry its ``serverDescription``. The other fields are set by the codes that have them
/// (each code's documentation says which). ``description`` gives the meaning from Google's guide
/// and ``remedy`` a one-line fix. No field ever carries a token, code, verifier or client
/// secret, so errors are safe to log.
public struct OAuthError: Error, Sendable, Hashable {
    /// What went wrong; see ``Code`` for the values.
    public var code: Code
    /// The server's `error_description`, when one was sent (short, printable, secrets masked).
    public var serverDescription: String?
    /// A local explanation: why the listener failed, why an endpoint or destination was refused,
    /// which key of a client configuration is wrong and how, why reauthentication is required.
    public var reason: String?
    /// The HTTP status of the response (``Code/unexpectedResponse``,
    /// ``Code/unauthorizedBodyNotReplayable``).
    public var status: Int?
    /// A short excerpt of an unexpected response body, token-like values removed.
    public var excerpt: String?
    /// The refused URL, query values masked (``Code/insecureEndpoint``,
    /// ``Code/untrustedTokenDestination``).
    public var url: String?
    /// The JSON path of a client configuration's bad key, e.g. `installed.client_id`
    /// (``Code/invalidClientConfiguration``).
    public var configurationPath: String?
    /// The time allowed (``Code/timedOut``).
    public var timeout: Duration?
    /// The scopes asked for, of which none (or not all, for credentials checks) was granted
    /// (``Code/scopeNotGranted``).
    public var requiredScopes: [String]
    /// The scopes the credentials hold (``Code/scopeNotGranted``).
    public var grantedScopes: Set<String>
    /// Why a request to an OAuth endpoint got no complete response (``Code/transport``).
    public var transportError: HTTPTransportError?

    /// An error with `code` and the fields it needs.
    public init(
        code: Code, serverDescription: String? = nil, reason: String? = nil, status: Int? = nil,
        excerpt: String? = nil, url: String? = nil, configurationPath: String? = nil,
        timeout: Duration? = nil, requiredScopes: [String] = [], grantedScopes: Set<String> = [],
        transportError: HTTPTransportError? = nil
    ) {
        self.code = code
        self.serverDescription = serverDescription
        self.reason = reason
        self.status = status
        self.excerpt = excerpt
        self.url = url
        self.configurationPath = configurationPath
        self.timeout = timeout
        self.requiredScopes = requiredScopes
        self.grantedScopes = grantedScopes
        self.transportError = transportError
    }
}

// MARK: - Classification

extension OAuthError {
    /// Whether this is `invalid_grant`: on refresh, the user must authorize again (the refresh token
    /// was revoked, expired under time-based access, or the password changed).
    public var isInvalidGrant: Bool { code == .invalidGrant }

    /// Whether the user must sign in again before calls can succeed: ``Code/invalidGrant``,
    /// ``Code/reauthenticationRequired``, ``Code/notAuthorized`` or ``Code/missingRefreshToken``.
    public var requiresReauthentication: Bool {
        code == .invalidGrant || code == .reauthenticationRequired || code == .notAuthorized || code == .missingRefreshToken
    }

    /// The OAuth `error` code this error corresponds to, when it came from the server.
    public var oauthErrorCode: String? { code.isServerCode ? code.rawValue : nil }

    /// Maps an OAuth `error` code (and optional `error_description`) to a typed error.
    /// - Parameters:
    ///   - code: The `error` value, e.g. `invalid_grant`.
    ///   - description: The `error_description` value, if any.
    public init(code: String, description: String?) {
        self.init(code: Code(rawValue: Self.sanitizedDescription(code)), serverDescription: description.map(Self.sanitizedDescription))
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
