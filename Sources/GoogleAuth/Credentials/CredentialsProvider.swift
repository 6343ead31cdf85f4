import Foundation

// MARK: - CredentialsProvider

/// Something that obtains access tokens for API requests: the user's OAuth tokens, a service
/// account key, the metadata server, an impersonated service account, … (see
/// ``ApplicationDefaultCredentials`` for how servers and CI find theirs).
///
/// An `AuthorizedSession` caches the token a provider returns, calls the provider again only when
/// that token is about to expire or the server rejected it, and calls it one request at a time
/// however many tasks wait. Implementations therefore need no cache or lock of their own for that.
public protocol CredentialsProvider: Sendable {
    /// An access token that satisfies `request`: valid at `request.now` for at least
    /// `request.minimumValidity` when the provider can tell, and never the token the server
    /// rejected (`request.rejectedAccessToken`). A token read from storage rather than obtained
    /// for this call has ``AccessToken/origin`` `.stored`, so the session does not report it
    /// as a refresh.
    /// - Parameter request: What the session needs.
    /// - Throws: A typed error (``CredentialsError``, ``OAuthError``, or the session's own errors
    ///   for the user's tokens) whose description holds no secret.
    func accessToken(for request: AccessTokenRequest) async throws -> AccessToken

    /// The Google Cloud project billed for quota (sent as `x-goog-user-project`), or `nil`.
    var quotaProjectID: String? { get }

    /// Where these credentials come from and whose they are, for status displays and logs.
    func summary() async -> CredentialsSummary

    /// The scopes known to be granted without obtaining a token (a stored user token); empty when
    /// unknown. Sessions use them to refuse calls no granted scope allows before sending them.
    /// - Throws: When the stored state cannot be read.
    func knownScopes() async throws -> Set<String>
}

extension CredentialsProvider {
    public var quotaProjectID: String? { nil }

    public func knownScopes() async throws -> Set<String> { [] }

    /// Headers these credentials add to every request besides the token: `x-goog-user-project`
    /// when a quota project is set.
    public var requestMetadata: [(name: String, value: String)] {
        guard let quotaProjectID, !quotaProjectID.isEmpty else { return [] }
        return [(name: "x-goog-user-project", value: quotaProjectID)]
    }

    /// These credentials billing quota to `projectID` (`x-goog-user-project`) instead of their own
    /// project. Works for every kind of credentials.
    /// - Parameter projectID: The Google Cloud project ID.
    public func withQuotaProject(_ projectID: String) -> QuotaProjectCredentials {
        QuotaProjectCredentials(base: self, quotaProjectID: projectID)
    }
}

// MARK: - AccessTokenRequest

/// What a session asks a ``CredentialsProvider`` for.
public struct AccessTokenRequest: Sendable, CustomStringConvertible {
    /// The current time by the session's clock.
    public var now: Date
    /// How long the token must stay valid (the session's refresh skew).
    public var minimumValidity: TimeInterval
    /// The token the server just rejected with 401, which must not be returned again; `nil`
    /// unless the session is recovering from a 401.
    public var rejectedAccessToken: String?

    /// - Parameters: See the properties.
    public init(now: Date = Date(), minimumValidity: TimeInterval = 60, rejectedAccessToken: String? = nil) {
        self.now = now
        self.minimumValidity = minimumValidity
        self.rejectedAccessToken = rejectedAccessToken
    }

    /// Whether `token` satisfies this request. A token an HTTP header cannot carry (empty,
    /// control characters: a damaged token file) never does, so it is replaced instead of
    /// failing every request until it expires.
    public func accepts(_ token: AccessToken) -> Bool {
        token.value != rejectedAccessToken && !token.isExpired(at: now, skew: minimumValidity)
            && AccessTokenCheck.problem(with: token.value) == nil
    }

    public var description: String {
        "AccessTokenRequest(now: \(now), minimumValidity: \(minimumValidity), rejected: \(rejectedAccessToken == nil ? "none" : "<redacted>"))"
    }
}
