import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import Synchronization

/// Credentials that are not the user's: each call obtains a new token the OAuth emulator really
/// issues (so the backend accepts it), counts the calls, and can be told to fail. The session's
/// promises (single flight, refresh before expiry, one retry after a 401) are checked with it
/// without any user token store.
final class IssuingCredentials: CredentialsProvider {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the token source is down" }
    }

    private let oauth: OAuthEmulator
    private let lifetime: TimeInterval
    private let state = Mutex<(calls: Int, requests: [AccessTokenRequest], failNext: Bool, issued: [String])>((0, [], false, []))
    let quotaProjectID: String?

    init(oauth: OAuthEmulator, lifetime: TimeInterval = 3600, quotaProjectID: String? = nil) {
        self.oauth = oauth
        self.lifetime = lifetime
        self.quotaProjectID = quotaProjectID
    }

    func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        let fail = state.withLock { state in
            state.calls += 1
            state.requests.append(request)
            defer { state.failNext = false }
            return state.failNext
        }
        // A suspension point, so concurrent callers really overlap with the call in flight.
        try await Task.sleep(for: .milliseconds(20))
        if fail { throw Failure() }
        let token = oauth.issueTokens(scopes: [TestBackend.scope]).access
        state.withLock { $0.issued.append(token) }
        return AccessToken(value: token, expiresAt: request.now.addingTimeInterval(lifetime))
    }

    func summary() async -> CredentialsSummary {
        CredentialsSummary(kind: .other, source: "the test's token source", account: "robot@example.com", quotaProjectID: quotaProjectID)
    }

    var calls: Int { state.withLock { $0.calls } }
    var requests: [AccessTokenRequest] { state.withLock { $0.requests } }
    var issued: [String] { state.withLock { $0.issued } }
    func failNextCall() { state.withLock { $0.failNext = true } }
}
