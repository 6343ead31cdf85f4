import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTPTypes

// MARK: - SessionTokenCoordinator

/// Owns the session's current access token and makes every fetch single-flight: however many
/// requests find the token expired (or rejected) at once, the provider is asked once and all of
/// them wait for that answer. The same for every ``CredentialsProvider``: each token is checked
/// before it is cached (one rule for every source, an app's own providers included), and a token
/// endpoint, metadata server or IAM answer of 408, 429 or 5xx (or a transient transport failure)
/// is retried under the session's ``RetryPolicy``, its waits reported like every other wait.
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

    /// The session's retry policy and sleep, for failing token sources.
    private let retry: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    /// The session's observers: each provider call (``GoogleSessionEvent/Kind/tokenRefreshed``,
    /// or ``GoogleSessionEvent/Kind/tokenLoaded`` for a token the provider already held;
    /// ``GoogleSessionEvent/Kind/tokenRefreshFailed``) and each wait before asking again.
    private let events: SessionEvents

    init(
        provider: any CredentialsProvider, skew: TimeInterval, now: @escaping @Sendable () -> Date, retry: RetryPolicy = .disabled,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        events: SessionEvents = SessionEvents([])
    ) {
        self.provider = provider
        self.skew = skew
        self.now = now
        self.retry = retry
        self.sleep = sleep
        self.events = events
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
                _ = try await Self.value(of: inFlight)
                continue
            }
            let request = AccessTokenRequest(now: now(), minimumValidity: skew, rejectedAccessToken: rejected)
            if let cached, request.accepts(cached) { return cached }
            start(rejected: rejected)
            // The task sets `cached` before it finishes; the loop then returns it, or rethrows.
            let task = inFlight!
            return try await Self.value(of: task)
        }
    }

    /// The fetch's token, or `CancellationError` as soon as the waiting call is cancelled. The
    /// fetch itself goes on: other calls may be waiting for it, and it fills the cache.
    private static func value(of fetch: Task<AccessToken, any Error>) async throws -> AccessToken {
        let waiter = CancellableWaiter<AccessToken>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.start(continuation)
                Task { waiter.finish(await fetch.result) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// Drops the cached token (after the app replaced the credentials).
    func reset(to token: AccessToken?) {
        cached = token
    }

    // MARK: - Single flight

    private func start(rejected: String?) {
        inFlightGeneration += 1
        let generation = inFlightGeneration
        let provider = self.provider
        let (skew, now, retry, sleep, events) = (self.skew, self.now, self.retry, self.sleep, self.events)
        // The task inherits the caller's task-local values, so its events reach a tracer's span
        // of the call that started the refresh.
        inFlight = Task {
            let clock = ContinuousClock()
            let firstStarted = clock.now
            var attempt = 1
            while true {
                let started = clock.now
                let attemptNumber = attempt
                // What asked, never a token: the provider's type names the credentials.
                // A token the provider held already (a store's) is a load, not a refresh.
                let report: @Sendable (String?, AccessToken.Origin) -> Void = { error, origin in
                    events.emit(
                        GoogleSessionEvent(
                            error != nil ? .tokenRefreshFailed : origin == .stored ? .tokenLoaded : .tokenRefreshed,
                            attributes: [("credentials", String(describing: type(of: provider))), ("attempt", String(attemptNumber))]
                                + (error.map { [("error", $0)] } ?? []),
                            duration: clock.now - started))
                }
                do {
                    let request = AccessTokenRequest(now: now(), minimumValidity: skew, rejectedAccessToken: rejected)
                    let token = try await provider.accessToken(for: request)
                    // Checked before it is cached: a token no header can carry would fail every
                    // request without the 401 that replaces it.
                    try AccessTokenCheck.requireUsable(token, from: "credentials provider \(type(of: provider))")
                    report(nil, token.origin)
                    self.finish(generation, with: token)
                    return token
                } catch {
                    let wait = Self.plannedWait(after: error, attempt: attempt, elapsed: clock.now - firstStarted, policy: retry)
                    report("\(error)", .issued)
                    if let wait {
                        events.emit(GoogleSessionEvent(.retryScheduled, retryWait: wait))
                        do {
                            try await sleep(wait.delay)
                            attempt += 1
                            continue
                        } catch {
                            self.finish(generation, with: nil)
                            throw error
                        }
                    }
                    self.finish(generation, with: nil)
                    throw error
                }
            }
        }
    }

    // MARK: - Retrying a token source

    /// The wait before asking the provider again after `error`, or `nil` when the error is not
    /// one a retry may mend (an OAuth refusal, a 4xx other than 408/429, a bad token, a file
    /// problem) or the policy's attempts or time are spent.
    static func plannedWait(after error: any Error, attempt: Int, elapsed: Duration, policy: RetryPolicy) -> RetryWait? {
        guard attempt < policy.maxAttempts, let cause = retryCause(error, policy: policy) else { return nil }
        // The endpoint's Retry-After when it sent one, capped like an API call's.
        let retryAfter = (error as? CredentialsError)?.retryAfter
        guard let delay = policy.delay(afterAttempt: attempt, retryAfter: retryAfter, elapsed: elapsed) else { return nil }
        let endpoint = cause.endpoint ?? "the credentials' token source"
        let method: GoogleHTTPMethod = endpoint.contains("/computeMetadata/") ? .get : .post
        return RetryWait(
            method: method, url: endpoint, reason: "\(cause.reason) from \(endpoint)", status: cause.status, retry: attempt,
            maxRetries: max(policy.maxAttempts - 1, attempt), delay: delay)
    }

    /// Why `error` may pass on a retry: a retryable status from the endpoint, or a transient
    /// transport failure (not "connection refused": nothing listens there).
    private static func retryCause(
        _ error: any Error, policy: RetryPolicy
    ) -> (status: Int?, reason: String, endpoint: String?)? {
        let status: Int?
        let transportError: HTTPTransportError?
        let endpoint: String?
        switch error {
        case let error as CredentialsError:
            let mendable: [CredentialsError.Code] = [.transport, .tokenEndpointError, .unexpectedResponse, .impersonationFailed]
            guard mendable.contains(error.code) else { return nil }
            (status, transportError, endpoint) = (error.status, error.transportError, error.endpoint)
        case let error as OAuthError:
            guard !error.requiresReauthentication, error.code != .invalidGrant else { return nil }
            (status, transportError, endpoint) = (error.status, error.transportError, error.transportError?.url)
        default:
            return nil
        }
        if let transportError {
            guard policy.retriesTransportErrors, transportError.isTransient, transportError.kind != .connectionRefused else {
                return nil
            }
            return (nil, RetryWait.reason(transportError), endpoint ?? transportError.url)
        }
        guard let status, policy.retryableStatuses.contains(status) else { return nil }
        return (status, RetryWait.reason(status: status, googleReasons: []), endpoint)
    }

    private func finish(_ generation: Int, with token: AccessToken?) {
        guard generation == inFlightGeneration else { return }
        cached = token
        inFlight = nil
    }
}
