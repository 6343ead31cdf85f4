import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

/// A session reports a refresh only when the credentials went to a token endpoint: a token
/// loaded from a store is `tokenLoaded`, so a refresh counter counts real refreshes. Against the
/// emulator's token endpoint, with libcurl and a token file.
@Suite("Token events: a refresh only when a token endpoint was asked")
struct TokenOriginEventTests {
    /// A backend whose `/api/ping` wants a valid token, a token file, and a session over it.
    private static func setUp(
        expiresIn: TimeInterval
    ) async throws -> (TestBackend, TemporaryDirectory, AuthorizedSession, Recorder<GoogleSessionEvent>, URL) {
        let backend = try TestBackend { router, oauth in
            router.get("/api/ping") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
        let directory = try TemporaryDirectory()
        let file = directory.file("tokens.json")
        try await FileTokenStore(fileURL: file).save(backend.credentials(expiresIn: expiresIn))
        let events = Recorder<GoogleSessionEvent>()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.observers = [.events { events.append($0) }]
        let session = backend.session(store: FileTokenStore(fileURL: file), configuration: configuration)
        return (backend, directory, session, events, backend.baseURL.appendingPathComponent("api/ping"))
    }

    private static func tokenKinds(_ events: Recorder<GoogleSessionEvent>) -> [GoogleSessionEvent.Kind] {
        events.values.map(\.kind).filter { [.tokenLoaded, .tokenRefreshed, .refreshAfterUnauthorized, .tokenRefreshFailed].contains($0) }
    }

    @Test("a valid stored token: calls succeed with one tokenLoaded and no tokenRefreshed")
    func storedTokenIsLoadedNotRefreshed() async throws {
        let (backend, directory, session, events, url) = try await Self.setUp(expiresIn: 3600)
        defer { directory.cleanUp() }
        for _ in 0..<3 { #expect(try await session.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200) }
        #expect(Self.tokenKinds(events) == [.tokenLoaded])
        #expect(events.values.first?.attribute("credentials") == "OAuthUserCredentials")
        #expect(backend.oauth.refreshRequestCount == 0)
    }

    @Test("an expired stored token: exactly one tokenRefreshed, for the one refresh sent")
    func expiredTokenIsRefreshedOnce() async throws {
        let (backend, directory, session, events, url) = try await Self.setUp(expiresIn: -60)
        defer { directory.cleanUp() }
        for _ in 0..<3 { #expect(try await session.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200) }
        #expect(Self.tokenKinds(events) == [.tokenRefreshed])
        #expect(backend.oauth.refreshRequestCount == 1)
    }

    @Test("a 401 on a loaded token: refreshAfterUnauthorized, then one tokenRefreshed")
    func unauthorizedRefreshesOnce() async throws {
        let (backend, directory, session, events, url) = try await Self.setUp(expiresIn: 3600)
        defer { directory.cleanUp() }
        #expect(try await session.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200)
        backend.oauth.expireAccessTokens()
        #expect(try await session.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200)
        #expect(Self.tokenKinds(events) == [.tokenLoaded, .refreshAfterUnauthorized, .tokenRefreshed])
        #expect(backend.oauth.refreshRequestCount == 1)
    }

    @Test("the credentials say where a token came from; equality ignores it")
    func providerReportsOrigin() async throws {
        let (backend, directory, _, _, _) = try await Self.setUp(expiresIn: 3600)
        defer { directory.cleanUp() }
        let stored = backend.credentials()
        let user = OAuthUserCredentials(store: InMemoryTokenStore(stored), refresher: backend.refresher)
        let loaded = try await user.accessToken(for: AccessTokenRequest())
        #expect(loaded.origin == .stored && loaded.value == stored.accessToken)
        let refreshed = try await user.accessToken(for: AccessTokenRequest(rejectedAccessToken: stored.accessToken))
        #expect(refreshed.origin == .issued && refreshed.value != stored.accessToken)
        #expect(AccessToken(value: "a", expiresAt: nil, origin: .stored) == AccessToken(value: "a", expiresAt: nil))
    }
}
