import Foundation
import GoogleAuth
import GoogleHTTPTypes
import GoogleBase

// MARK: - SessionTokenCoordinator

/// Owns the session's current access token and makes every fetch single-flight: however many
/// requests find the token expired (or rejected) at once, the provider is asked once and all of
/// them wait for that answer. The same for every ``CredentialsProvider``.
actor SessionTokenCoordinator {
    let provider: any CredentialsProvider
    private let skew: TimeInterval
    private let now: @Sendable () -> Date

    /// The current token; every change is mirrored to `snapshot` for the lock-only fast path.
    private var cached: AccessToken? {
        didSet { snapshot.update(cached) }
    }
    let snapshot = SessionCredentialCache()
    private var inFlight: Task<AccessToken, any Error>?
    private var inFlightGeneration = 0

    /// Receives one entry per provider call (the session's logger).
    private let log: (@Sendable (RequestLogEntry) -> Void)?

    init(
        provider: any CredentialsProvider, skew: TimeInterval, now: @escaping @Sendable () -> Date,
        log: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) {
        self.provider = provider
        self.skew = skew
        self.now = now
        self.log = log
    }

    // MARK: - Access

    /// A token valid for at least `skew`, asking the provider when needed.
    func validToken() async throws -> AccessToken {
        try await token(rejected: nil)
    }

    /// Called after the server rejected `rejectedAccessToken` with 401: asks the provider for
    /// another unless a concurrent request already replaced that token.
    func tokenReplacing(rejectedAccessToken: String) async throws -> AccessToken {
        try await token(rejected: rejectedAccessToken)
    }

    /// The cached token once it is usable; otherwise one provider call at a time for every
    /// caller (each waits for the one in flight, then looks again). A failed call clears the
    /// cache, so the next request asks the provider again (which fails fast when it must).
    private func token(rejected: String?) async throws -> AccessToken {
        while true {
            if let inFlight {
                _ = try await inFlight.value
                continue
            }
            let request = AccessTokenRequest(now: now(), minimumValidity: skew, rejectedAccessToken: rejected)
            if let cached, request.accepts(cached) { return cached }
            start(request)
            // The task sets `cached` before it finishes; the loop then returns it, or rethrows.
            let task = inFlight!
            return try await task.value
        }
    }

    /// Drops the cached token (after the app replaced the credentials).
    func reset(to token: AccessToken?) {
        cached = token
    }

    // MARK: - Single flight

    private func start(_ request: AccessTokenRequest) {
        inFlightGeneration += 1
        let generation = inFlightGeneration
        let provider = self.provider
        let log = self.log
        inFlight = Task {
            let started = ContinuousClock.now
            // What asked, never a token: the provider's type names the credentials.
            let report: @Sendable (String?) -> Void = { error in
                log?(RequestLogEntry(
                    method: .post, url: String(describing: type(of: provider)), status: nil, duration: ContinuousClock.now - started,
                    attempt: 1, error: error.map { SecretRedactor.redact($0) }, kind: .accessToken))
            }
            do {
                let token = try await provider.accessToken(for: request)
                report(nil)
                self.finish(generation, with: token)
                return token
            } catch {
                report("\(error)")
                self.finish(generation, with: nil)
                throw error
            }
        }
    }

    private func finish(_ generation: Int, with token: AccessToken?) {
        guard generation == inFlightGeneration else { return }
        cached = token
        inFlight = nil
    }
}
