import Foundation
@_spi(Locking) import GoogleBase
public import GoogleHTTP

// MARK: - OAuthUserCredentials

/// A person's OAuth credentials as a ``CredentialsProvider``, the one provider for a user's
/// tokens: loads their ``OAuthTokens`` from a ``TokenStore``, refreshes them with a
/// ``TokenRefreshing`` (an ``OAuthClient``), saves refreshed tokens back, and turns an ended grant
/// (`invalid_grant`, no refresh token, time-based access over) into
/// ``OAuthError/Code/reauthenticationRequired``: the optional handler may supply new ones, and
/// otherwise later calls fail without contacting the token endpoint until new credentials are
/// saved to the store (by this process or another, e.g. after the user signed in again) or given
/// to ``replace(with:)``: each call looks at the store once more and continues with credentials
/// other than the rejected ones. The rejected credentials are kept in the store, not deleted:
/// they name the account to sign in again, and deleting what the user did not ask to delete
/// surprised readers (sign out with ``TokenStore/delete()`` or ``OAuthClient/revoke(token:)``).
///
/// `AuthorizedSession(credentials: store, refresher: client)` builds one of these for an app's own
/// sign-in; ``init(authorizedUser:quotaProjectID:transport:source:)`` builds one for an
/// `authorized_user` file (what `gcloud auth application-default login` writes).
public actor OAuthUserCredentials: CredentialsProvider {
    private let store: any TokenStore
    private let refresher: any TokenRefreshing
    private let reauthenticationHandler: (@Sendable () async throws -> OAuthTokens?)?
    public nonisolated let quotaProjectID: String?
    /// Where the credentials come from, for ``summary()``.
    private let source: String
    /// The account an `authorized_user` file names, when it names one.
    private let account: String?
    /// `.user` for an app's own sign-in, `.authorizedUser` for a file.
    private let kind: CredentialsSummary.Kind
    /// The credentials last loaded, refreshed or saved.
    private var cached: OAuthTokens?
    /// Set after the grant ended: later calls fail fast unless the store holds other credentials.
    private var terminalError: OAuthError?
    /// The credentials whose grant ended: stored credentials equal to them do not end the
    /// reauthentication state (new ones, saved by a sign-in, do).
    private var rejected: OAuthTokens?

    /// - Parameters:
    ///   - store: Where the user's credentials live; refreshed tokens are saved back to it.
    ///   - refresher: Exchanges the refresh token for a new access token.
    ///   - quotaProjectID: A project billed for quota (`x-goog-user-project`), or `nil`.
    ///   - reauthenticationHandler: Called once the grant ended (the stored credentials are kept);
    ///     return new credentials to save and continue with, or `nil` to fail.
    public init(
        store: any TokenStore, refresher: any TokenRefreshing, quotaProjectID: String? = nil,
        reauthenticationHandler: (@Sendable () async throws -> OAuthTokens?)? = nil
    ) {
        self.store = store
        self.refresher = refresher
        self.quotaProjectID = quotaProjectID
        self.reauthenticationHandler = reauthenticationHandler
        self.source = "the OAuth token store"
        self.account = nil
        self.kind = .user
    }

    /// The credentials of an `authorized_user` file: its refresh token, refreshed by its OAuth
    /// client at its `token_uri`. Tokens are kept in memory only; nothing is written back to the
    /// file.
    /// - Parameters:
    ///   - info: The file's fields.
    ///   - quotaProjectID: Overrides the file's `quota_project_id`.
    ///   - transport: Carries the refresh requests.
    ///   - source: Where the file came from, for ``summary()`` and errors.
    public init(
        authorizedUser info: CredentialsFile.AuthorizedUserInfo, quotaProjectID: String? = nil,
        transport: any HTTPTransport = DefaultHTTPTransport.shared, source: String = "an authorized_user file"
    ) {
        var endpoints = OAuthEndpoints.google
        endpoints.token = info.tokenURI
        let client = OAuthClient(
            configuration: OAuthClientConfiguration(clientID: info.clientID, clientSecret: info.clientSecret, endpoints: endpoints),
            transport: transport)
        // No access token yet: the first request refreshes.
        let tokens = OAuthTokens(accessToken: "", expiresAt: .distantPast, refreshToken: info.refreshToken, scopes: [])
        self.store = InMemoryTokenStore(tokens)
        self.refresher = client
        self.quotaProjectID = quotaProjectID ?? info.quotaProjectID
        self.reauthenticationHandler = nil
        self.source = source
        self.account = info.account
        self.kind = .authorizedUser
    }

    // MARK: - CredentialsProvider

    /// The stored token when `request` accepts it (``AccessToken/Origin/stored``: nothing was
    /// sent), else a refreshed one (``AccessToken/Origin/issued``), saved to the store. A token
    /// another process refreshed and stored meanwhile counts as stored.
    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        let (credentials, origin) = try await credentialsAndOrigin(for: request)
        var token = Self.boundedByGrant(credentials.token, credentials)
        token.origin = origin
        return token
    }

    public func summary() async -> CredentialsSummary {
        let current = try? await currentCredentials()
        let email = current?.idToken.flatMap { try? IDTokenClaims(decoding: $0) }?.email ?? account
        return CredentialsSummary(kind: kind, source: source, account: email, quotaProjectID: quotaProjectID)
    }

    public func knownScopes() async throws -> Set<String> {
        try await currentCredentials()?.scopes ?? []
    }

    // MARK: - The user's credentials

    /// The stored credentials without refreshing them, or `nil` when none are stored.
    /// - Throws: ``OAuthError/Code/reauthenticationRequired`` once the grant
    ///   ended, or the store's error.
    public func currentCredentials() async throws -> OAuthTokens? {
        if terminalError != nil { try await requireNewCredentialsInStore() }
        if let cached { return cached }
        cached = try await store.load()
        return cached
    }

    /// Saves credentials obtained by rerunning authorization and leaves the reauthentication state.
    /// - Throws: The token store's error.
    public func replace(with credentials: OAuthTokens) async throws {
        try await store.save(credentials)
        cached = credentials
        terminalError = nil
        rejected = nil
    }

    /// In the reauthentication state: leaves it when the store now holds credentials other than
    /// the rejected ones (saved by a sign-in in this process or another), else throws the error
    /// again. One store read per call while the state lasts; no request to the token endpoint.
    private func requireNewCredentialsInStore() async throws {
        guard let terminalError else { return }
        guard let stored = try await store.load(), !Self.same(stored, rejected) else { throw terminalError }
        self.terminalError = nil
        rejected = nil
        cached = stored
    }

    /// Whether `stored` are the rejected credentials (the same refresh and access tokens).
    private static func same(_ stored: OAuthTokens, _ rejected: OAuthTokens?) -> Bool {
        guard let rejected else { return false }
        return stored.refreshToken == rejected.refreshToken && stored.accessToken == rejected.accessToken
    }

    /// Credentials whose access token `request` accepts: loaded, or refreshed and saved.
    func credentials(for request: AccessTokenRequest) async throws -> OAuthTokens {
        try await credentialsAndOrigin(for: request).credentials
    }

    /// ``credentials(for:)`` with whether their access token was obtained now (a refresh, or new
    /// credentials from the reauthentication handler) or was already stored.
    private func credentialsAndOrigin(for request: AccessTokenRequest) async throws -> (
        credentials: OAuthTokens, origin: AccessToken.Origin
    ) {
        if terminalError != nil { try await requireNewCredentialsInStore() }
        if cached == nil {
            guard let loaded = try await store.load() else { throw OAuthError(code: .notAuthorized) }
            cached = loaded
        }
        guard let current = cached else { throw OAuthError(code: .notAuthorized) }
        if current.isRefreshTokenExpired(at: request.now), let end = current.refreshTokenExpiresAt {
            return (try await requireReauthentication(reason: Self.grantEndedReason(end)), .issued)
        }
        if request.accepts(Self.boundedByGrant(current.token, current)) { return (current, .stored) }
        return try await refresh(current)
    }

    /// Refreshes `old`'s access token and stores the result. With a store several processes may
    /// share (``RefreshLockingTokenStore``, e.g. ``FileTokenStore``), the refresh runs under the
    /// store's lock on the credentials stored at that moment: when another process refreshed
    /// meanwhile, its token is used and no refresh is sent (so N processes starting with an
    /// expired token send one, and a rotated refresh token is never used twice).
    private func refresh(_ old: OAuthTokens) async throws -> (credentials: OAuthTokens, origin: AccessToken.Origin) {
        guard old.refreshToken != nil else {
            return (try await requireReauthentication(reason: "the access token expired and there is no refresh token"), .issued)
        }
        let refresher = self.refresher
        let fresh: OAuthTokens
        // Set when another process's refresh is used: this one sent nothing.
        let storedMeanwhile = PlainLock(false)
        do {
            if let shared = store as? any RefreshLockingTokenStore {
                fresh = try await shared.withRefreshLock { stored in
                    // Signed out elsewhere (the store was emptied) while this process held a token.
                    guard let stored else { throw OAuthError(code: .notAuthorized) }
                    if stored.accessToken != old.accessToken, stored.hasSendableAccessToken,
                        !stored.isExpired(at: Date(), skew: 0)
                    {
                        storedMeanwhile.withLock { $0 = true }
                        return stored  // Another process refreshed while this one waited.
                    }
                    // Another process may hold a newer (rotated) refresh token: use the stored one.
                    return try await Self.refreshed(stored.refreshToken == nil ? old : stored, refresher: refresher)
                }
            } else {
                fresh = try await Self.refreshed(old, refresher: refresher)
                try await store.save(fresh)
            }
        } catch OAuthError.Code.notAuthorized {
            return (try await requireReauthentication(reason: "the stored credentials were deleted (signed out)"), .issued)
        } catch {
            if let error = error as? OAuthError, error.code == .invalidGrant || error.code == .reauthenticationRequired {
                return (try await requireReauthentication(reason: Self.invalidGrantReason), .issued)
            }
            throw error
        }
        cached = fresh
        return (fresh, storedMeanwhile.withLock { $0 } ? .stored : .issued)
    }

    /// `old` with a new access token from `refresher`, keeping what the answer leaves out.
    private static func refreshed(_ old: OAuthTokens, refresher: any TokenRefreshing) async throws -> OAuthTokens {
        guard let refreshToken = old.refreshToken else { throw OAuthError(code: .notAuthorized) }
        var merged = try await refresher.refresh(refreshToken: refreshToken)
        if merged.refreshToken == nil { merged.refreshToken = refreshToken }
        if merged.refreshTokenExpiresAt == nil { merged.refreshTokenExpiresAt = old.refreshTokenExpiresAt }
        if merged.scopes.isEmpty { merged.scopes = old.scopes }
        if merged.idToken == nil { merged.idToken = old.idToken }
        return merged
    }

    /// Gives the app's handler a chance to supply new credentials, and otherwise enters the
    /// reauthentication state (see the type's documentation). The stored credentials are kept.
    private func requireReauthentication(reason: String) async throws -> OAuthTokens {
        // What the store holds now is what was rejected (under a shared store, possibly a refresh
        // token another process stored); only credentials saved after this end the state.
        rejected = (try? await store.load()) ?? cached
        cached = nil
        // A file's grant is renewed where the file came from, not by the app's sign-in.
        let error = OAuthError(
            code: .reauthenticationRequired,
            reason: kind == .authorizedUser
                ? "\(reason) for \(source); run `gcloud auth application-default login` again" : reason)
        if let reauthenticationHandler, let renewed = try? await reauthenticationHandler() {
            try await store.save(renewed)
            cached = renewed
            rejected = nil
            return renewed
        }
        terminalError = error
        throw error
    }

    /// The `invalid_grant` of a refresh, with the causes Google documents for a refresh token
    /// that stops working (developers.google.com/identity/protocols/oauth2#expiration).
    static let invalidGrantReason =
        "the refresh token was rejected (invalid_grant; Google's documented causes: the user revoked the app's access, "
        + "the password changed (tokens with Gmail scopes), the OAuth consent screen is in Testing publishing status "
        + "(refresh tokens expire after 7 days), the token went unused for 6 months, or the client passed its limit of "
        + "refresh tokens per account)"

    // MARK: - Time-based access

    private static func grantEndedReason(_ end: Date) -> String {
        "the refresh token expired at \(ISO8601DateFormatter().string(from: end)) (time-based access ended)"
    }

    /// The token as the session should see it: never valid past the grant's end (time-based
    /// access), so requests after it come back here, where they fail.
    package static func boundedByGrant(_ token: AccessToken, _ credentials: OAuthTokens) -> AccessToken {
        guard let end = credentials.refreshTokenExpiresAt, token.expiresAt.map({ $0 > end }) ?? true else { return token }
        var bounded = token
        bounded.expiresAt = end
        return bounded
    }
}
