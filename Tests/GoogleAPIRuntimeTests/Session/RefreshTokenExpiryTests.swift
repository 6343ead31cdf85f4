import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Synchronization
import Testing

/// Time-based access: the emulator issues `refresh_token_expires_in`, the session keeps the
/// grant's end and, once it has passed, fails without contacting any server.
@Suite("AuthorizedSession: time-based access (refresh token expiry)")
struct RefreshTokenExpiryTests {
    /// A clock the test moves by hand, so nothing waits for real time.
    private final class TestClock: Sendable {
        private let current = Mutex(Date())
        var now: Date { current.withLock { $0 } }
        func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    private static func backend(hits: Recorder<String>) throws -> TestBackend {
        let backend = try TestBackend { router, oauth in
            router.add(nil, "/api/ping") { request, _ in
                hits.append(request.path)
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
        backend.oauth.updateConfiguration { $0.refreshTokenLifetime = 600 }
        return backend
    }

    /// Issued credentials with a valid access token whose grant ended a second ago.
    private static func endedGrant(_ backend: TestBackend, clock: TestClock) -> OAuthTokens {
        var credentials = backend.credentials(expiresIn: 3600)
        credentials.refreshTokenExpiresAt = clock.now.addingTimeInterval(-1)
        return credentials
    }

    private func ping(_ session: AuthorizedSession, _ backend: TestBackend) async throws -> GoogleHTTPResponse {
        try await session.send(GoogleHTTPRequest(method: .get, url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true)
    }

    private func session(_ backend: TestBackend, store: any TokenStore, clock: TestClock) -> AuthorizedSession {
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.now = { clock.now }
        return backend.session(store: store, configuration: configuration)
    }

    @Test("the expiry from a real refresh answer is kept; past it the session fails with no request at all")
    func expiredGrantFailsWithoutARoundTrip() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        let clock = TestClock()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -10))
        let session = session(backend, store: store, clock: clock)

        // The expired access token is refreshed; the answer carries refresh_token_expires_in.
        #expect(try await ping(session, backend).status == 200)
        #expect(backend.oauth.refreshRequestCount == 1)
        let refreshed = try #require(try await store.load())
        let end = try #require(refreshed.refreshTokenExpiresAt)
        #expect(abs(end.timeIntervalSince(clock.now) - 600) < 120)

        // Before the end: the fresh access token is used as is.
        clock.advance(by: 500)
        #expect(try await ping(session, backend).status == 200)
        #expect(backend.oauth.tokenRequestCount == 1)
        #expect(hits.count == 2)

        // After it: the access token (valid for the better part of an hour) is not sent, no
        // refresh is attempted, and the caller is told to authorize again.
        clock.advance(by: end.timeIntervalSince(clock.now) + 1)
        let error = await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        guard let error, error.code == .reauthenticationRequired, let reason = error.reason else {
            Issue.record("expected reauthenticationRequired, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("refresh token expired"))
        #expect(backend.oauth.tokenRequestCount == 1)
        #expect(hits.count == 2)
        #expect(try await store.load() != nil, "the ended credentials are kept")
        // And it stays failed, still without requests.
        await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        #expect(backend.oauth.tokenRequestCount == 1)
        #expect(hits.count == 2)
    }

    @Test("stored credentials whose grant already ended fail on first use, many callers at once, no request")
    func alreadyEndedGrantFailsForEveryCaller() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        let clock = TestClock()
        let session = session(backend, store: InMemoryTokenStore(Self.endedGrant(backend, clock: clock)), clock: clock)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    do {
                        _ = try await ping(session, backend)
                        return false
                    } catch OAuthError.Code.reauthenticationRequired {
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(failures == 50)
        #expect(backend.oauth.tokenRequestCount == 0)
        #expect(hits.count == 0)
    }

    @Test("a reauthentication handler's new credentials continue the session after the grant ended")
    func handlerRenewsAfterGrantEnded() async throws {
        let backend = try Self.backend(hits: Recorder<String>())
        let clock = TestClock()
        let old = Self.endedGrant(backend, clock: clock)
        let renewed = backend.credentials(expiresIn: 3600)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.now = { clock.now }
        configuration.reauthenticationHandler = { renewed }
        let store = InMemoryTokenStore(old)
        let session = backend.session(store: store, configuration: configuration)
        #expect(try await ping(session, backend).status == 200)
        #expect(try await store.load()?.accessToken == renewed.accessToken)
        #expect(backend.oauth.tokenRequestCount == 0)
    }
}
