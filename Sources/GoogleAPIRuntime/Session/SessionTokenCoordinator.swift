import Foundation
import GoogleAuth

// MARK: - SessionTokenCoordinator

/// Owns the session's current credentials and makes every load and refresh single-flight: however
/// many requests find the token expired at once, one refresh goes out and all of them wait for it.
actor SessionTokenCoordinator {
    private let store: any TokenStore
    private let refresher: any TokenRefreshing
    private let skew: TimeInterval
    private let now: @Sendable () -> Date
    private let reauthenticationHandler: (@Sendable () async throws -> OAuthCredentials?)?

    /// The current credentials; every change is mirrored to `snapshot` for the lock-only fast path.
    private var cached: OAuthCredentials? {
        didSet { snapshot.update(terminalError == nil ? cached.map(Self.boundedByGrant) : nil) }
    }
    let snapshot = SessionCredentialCache()
    private var inFlight: Task<OAuthCredentials, any Error>?
    private var inFlightGeneration = 0
    /// Set after `invalid_grant`: later calls fail fast without contacting the token endpoint.
    private var terminalError: OAuthError? {
        didSet { snapshot.update(terminalError == nil ? cached.map(Self.boundedByGrant) : nil) }
    }

    init(
        store: any TokenStore, refresher: any TokenRefreshing, skew: TimeInterval,
        now: @escaping @Sendable () -> Date,
        reauthenticationHandler: (@Sendable () async throws -> OAuthCredentials?)?
    ) {
        self.store = store
        self.refresher = refresher
        self.skew = skew
        self.now = now
        self.reauthenticationHandler = reauthenticationHandler
    }

    // MARK: - Access

    /// Credentials whose access token is valid for at least `skew`, refreshing when needed.
    func validCredentials() async throws -> OAuthCredentials {
        try await credentials { !$0.isExpired(at: now(), skew: skew) }
    }

    /// Called after the server rejected `rejectedAccessToken` with 401: refreshes unless another
    /// request already replaced that token.
    func credentialsReplacing(rejectedAccessToken: String) async throws -> OAuthCredentials {
        try await credentials { $0.accessToken != rejectedAccessToken }
    }

    /// The cached credentials once `isUsable` accepts them: loads them first, requires
    /// reauthentication once the grant has ended, and otherwise refreshes, one operation at a
    /// time for every caller (each waits for the one in flight, then looks again).
    private func credentials(isUsable: (OAuthCredentials) -> Bool) async throws -> OAuthCredentials {
        while true {
            if let terminalError { throw terminalError }
            if let inFlight {
                _ = try await inFlight.value
                continue
            }
            guard let cached else {
                start { try await self.loadFromStore() }
                continue
            }
            if let ended = grantEnd(of: cached) {
                start { try await self.requireReauthentication(reason: Self.grantEndedReason(ended)) }
                continue
            }
            if isUsable(cached) { return cached }
            start { try await self.refresh(cached) }
        }
    }

    /// The stored credentials without refreshing them, or `nil` when none are stored.
    func currentCredentials() async throws -> OAuthCredentials? {
        if let terminalError { throw terminalError }
        if let inFlight { _ = try? await inFlight.value }
        if let cached { return cached }
        return try await store.load()
    }

    /// Replaces the credentials (after the app reran authorization) and clears a
    /// reauthentication failure.
    func replace(with credentials: OAuthCredentials) async throws {
        try await store.save(credentials)
        cached = credentials
        terminalError = nil
    }

    // MARK: - Single flight

    /// Starts `work` as the one in-flight operation; callers loop and wait on it.
    private func start(_ work: @escaping @Sendable () async throws -> OAuthCredentials) {
        inFlightGeneration += 1
        let generation = inFlightGeneration
        inFlight = Task {
            defer { self.finish(generation) }
            return try await work()
        }
    }

    private func finish(_ generation: Int) {
        if generation == inFlightGeneration { inFlight = nil }
    }

    private func loadFromStore() async throws -> OAuthCredentials {
        guard let loaded = try await store.load() else { throw OAuthError(code: .notAuthorized) }
        cached = loaded
        return loaded
    }

    private func refresh(_ old: OAuthCredentials) async throws -> OAuthCredentials {
        guard let refreshToken = old.refreshToken else {
            return try await requireReauthentication(reason: "the access token expired and there is no refresh token")
        }
        let fresh: OAuthCredentials
        do {
            fresh = try await refresher.refresh(refreshToken: refreshToken)
        } catch {
            if SessionErrorClassifier.isInvalidGrant(error) {
                return try await requireReauthentication(reason: "the refresh token was rejected (invalid_grant)")
            }
            if let sessionError = error as? OAuthError { throw sessionError }
            throw error
        }
        var merged = fresh
        if merged.refreshToken == nil { merged.refreshToken = refreshToken }
        if merged.refreshTokenExpiresAt == nil { merged.refreshTokenExpiresAt = old.refreshTokenExpiresAt }
        if merged.scopes.isEmpty { merged.scopes = old.scopes }
        try await store.save(merged)
        cached = merged
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

    /// When the user granted access for a limited time (`refresh_token_expires_in`), the
    /// grant's end, once it has passed. From then on the refresh token is useless and the access
    /// tokens issued under the grant are no longer the user's intent, so the session asks for
    /// reauthentication itself instead of sending a refresh the server would reject.
    private func grantEnd(of credentials: OAuthCredentials) -> Date? {
        guard credentials.isRefreshTokenExpired(at: now()) else { return nil }
        return credentials.refreshTokenExpiresAt
    }

    private static func grantEndedReason(_ end: Date) -> String {
        "the refresh token expired at \(ISO8601DateFormatter().string(from: end)) (time-based access ended)"
    }

    /// The credentials as the lock-only fast path should see them: an access token never counts
    /// as valid past the grant's end, so requests after it reach the actor, which fails them.
    private static func boundedByGrant(_ credentials: OAuthCredentials) -> OAuthCredentials {
        guard let end = credentials.refreshTokenExpiresAt, credentials.expiresAt.map({ $0 > end }) ?? true else {
            return credentials
        }
        var bounded = credentials
        bounded.expiresAt = end
        return bounded
    }
}
