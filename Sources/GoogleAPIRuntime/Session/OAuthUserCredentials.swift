import Foundation
public import GoogleAuth

// MARK: - OAuthUserCredentials

/// A person's OAuth tokens as a `GoogleAuth/CredentialsProvider`: loads them from a `GoogleAuth/TokenStore`, refreshes
/// them with a `GoogleAuth/TokenRefreshing` (an `GoogleAuth/OAuthClient`), saves refreshed tokens back, and turns an
/// ended grant (`invalid_grant`, no refresh token, time-based access over) into
/// `GoogleAuth/OAuthError/Code/reauthenticationRequired`: the stored tokens are deleted,
/// the optional handler may supply new ones, and otherwise every later call fails fast without
/// contacting the token endpoint.
///
/// `AuthorizedSession(credentials: store, refresher: client)` builds one of these.
public actor OAuthUserCredentials: CredentialsProvider {
    private let store: any TokenStore
    private let refresher: any TokenRefreshing
    private let reauthenticationHandler: (@Sendable () async throws -> OAuthCredentials?)?
    public nonisolated let quotaProjectID: String?
    /// The credentials last loaded, refreshed or saved.
    private var cached: OAuthCredentials?
    /// Set after the grant ended: later calls fail fast.
    private var terminalError: OAuthError?

    /// - Parameters:
    ///   - store: Where the user's credentials live; refreshed tokens are saved back to it.
    ///   - refresher: Exchanges the refresh token for a new access token.
    ///   - quotaProjectID: A project billed for quota (`x-goog-user-project`), or `nil`.
    ///   - reauthenticationHandler: Called once the grant ended and the stored credentials were
    ///     deleted; return new credentials to save and continue with, or `nil` to fail.
    public init(
        store: any TokenStore, refresher: any TokenRefreshing, quotaProjectID: String? = nil,
        reauthenticationHandler: (@Sendable () async throws -> OAuthCredentials?)? = nil
    ) {
        self.store = store
        self.refresher = refresher
        self.quotaProjectID = quotaProjectID
        self.reauthenticationHandler = reauthenticationHandler
    }

    // MARK: - CredentialsProvider

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        let credentials = try await credentials(for: request)
        return Self.boundedByGrant(credentials.token, credentials)
    }

    public func summary() async -> CredentialsSummary {
        let current = try? await currentCredentials()
        let email = current?.idToken.flatMap { try? IDTokenClaims(decoding: $0) }?.email
        return CredentialsSummary(kind: .user, source: "the OAuth token store", account: email, quotaProjectID: quotaProjectID)
    }

    public func knownScopes() async throws -> Set<String> {
        try await currentCredentials()?.scopes ?? []
    }

    // MARK: - The user's credentials

    /// The stored credentials without refreshing them, or `nil` when none are stored.
    /// - Throws: `GoogleAuth/OAuthError/Code/reauthenticationRequired` once the grant
    ///   ended, or the store's error.
    public func currentCredentials() async throws -> OAuthCredentials? {
        if let terminalError { throw terminalError }
        if let cached { return cached }
        cached = try await store.load()
        return cached
    }

    /// Saves credentials obtained by rerunning authorization and leaves the reauthentication state.
    /// - Throws: The token store's error.
    public func replace(with credentials: OAuthCredentials) async throws {
        try await store.save(credentials)
        cached = credentials
        terminalError = nil
    }

    /// Credentials whose access token `request` accepts: loaded, or refreshed and saved.
    func credentials(for request: AccessTokenRequest) async throws -> OAuthCredentials {
        if let terminalError { throw terminalError }
        if cached == nil {
            guard let loaded = try await store.load() else { throw OAuthError(code: .notAuthorized) }
            cached = loaded
        }
        guard let current = cached else { throw OAuthError(code: .notAuthorized) }
        if current.isRefreshTokenExpired(at: request.now), let end = current.refreshTokenExpiresAt {
            return try await requireReauthentication(reason: Self.grantEndedReason(end))
        }
        if request.accepts(Self.boundedByGrant(current.token, current)) { return current }
        return try await refresh(current)
    }

    /// Refreshes `old`'s access token and stores the result. With a store several processes may
    /// share (``RefreshLockingTokenStore``, e.g. ``FileTokenStore``), the refresh runs under the
    /// store's lock on the credentials stored at that moment: when another process refreshed
    /// meanwhile, its token is used and no refresh is sent (so N processes starting with an
    /// expired token send one, and a rotated refresh token is never used twice).
    private func refresh(_ old: OAuthCredentials) async throws -> OAuthCredentials {
        guard old.refreshToken != nil else {
            return try await requireReauthentication(reason: "the access token expired and there is no refresh token")
        }
        let refresher = self.refresher
        let fresh: OAuthCredentials
        do {
            if let shared = store as? any RefreshLockingTokenStore {
                fresh = try await shared.withRefreshLock { stored in
                    // Signed out elsewhere (the store was emptied) while this process held a token.
                    guard let stored else { throw OAuthError(code: .notAuthorized) }
                    if stored.accessToken != old.accessToken, stored.hasSendableAccessToken,
                        !stored.isExpired(at: Date(), skew: 0)
                    {
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
            return try await requireReauthentication(reason: "the stored credentials were deleted (signed out)")
        } catch {
            if SessionErrorClassifier.isInvalidGrant(error) {
                return try await requireReauthentication(reason: "the refresh token was rejected (invalid_grant)")
            }
            throw error
        }
        cached = fresh
        return fresh
    }

    /// `old` with a new access token from `refresher`, keeping what the answer leaves out.
    private static func refreshed(_ old: OAuthCredentials, refresher: any TokenRefreshing) async throws -> OAuthCredentials {
        guard let refreshToken = old.refreshToken else { throw OAuthError(code: .notAuthorized) }
        var merged = try await refresher.refresh(refreshToken: refreshToken)
        if merged.refreshToken == nil { merged.refreshToken = refreshToken }
        if merged.refreshTokenExpiresAt == nil { merged.refreshTokenExpiresAt = old.refreshTokenExpiresAt }
        if merged.scopes.isEmpty { merged.scopes = old.scopes }
        if merged.idToken == nil { merged.idToken = old.idToken }
        return merged
    }

    /// Deletes the stored credentials, gives the app's handler a chance to supply new ones, and
    /// otherwise enters the fail-fast state.
    private func requireReauthentication(reason: String) async throws -> OAuthCredentials {
        cached = nil
        try? await store.delete()
        let error = OAuthError.reauthenticationRequired(reason: reason)
        if let reauthenticationHandler, let renewed = try? await reauthenticationHandler() {
            try await store.save(renewed)
            cached = renewed
            return renewed
        }
        terminalError = error
        throw error
    }

    // MARK: - Time-based access

    private static func grantEndedReason(_ end: Date) -> String {
        "the refresh token expired at \(ISO8601DateFormatter().string(from: end)) (time-based access ended)"
    }

    /// The token as the session should see it: never valid past the grant's end (time-based
    /// access), so requests after it come back here, where they fail.
    static func boundedByGrant(_ token: AccessToken, _ credentials: OAuthCredentials) -> AccessToken {
        guard let end = credentials.refreshTokenExpiresAt, token.expiresAt.map({ $0 > end }) ?? true else { return token }
        var bounded = token
        bounded.expiresAt = end
        return bounded
    }
}
