import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

@Suite("AuthorizedSession: tokens and refresh")
struct AuthorizedSessionRefreshTests {
    private static func pingBackend(hits: Recorder<String>? = nil) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.add(nil, "/api/ping") { request, _ in
                hits?.append(request.headers["Authorization"] ?? request.queryValue("access_token") ?? "none")
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
    }

    private func ping(_ session: AuthorizedSession, _ backend: TestBackend, method: GoogleHTTPMethod = .get, body: HTTPRequestBody = .empty)
        async throws -> GoogleHTTPResponse
    {
        try await session.send(
            GoogleHTTPRequest(method: method, url: backend.baseURL.appendingPathComponent("api/ping"), body: body),
            idempotent: method.isIdempotent)
    }

    @Test func addsBearerTokenAndDoesNotRefreshValidToken() async throws {
        let hits = Recorder<String>()
        let backend = try Self.pingBackend(hits: hits)
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials))
        let response = try await ping(session, backend)
        #expect(response.status == 200)
        #expect(hits.values == ["Bearer \(credentials.accessToken)"])
        #expect(backend.oauth.tokenRequestCount == 0)
    }

    @Test func fiveHundredConcurrentCallsOnAnExpiredTokenRefreshOnce() async throws {
        let backend = try Self.pingBackend()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -10))
        let session = backend.session(store: store)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<500 { group.addTask { try await ping(session, backend).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 500)
        #expect(statuses.allSatisfy { $0 == 200 })
        #expect(backend.oauth.tokenRequestCount == 1)
        let stored = try #require(try await store.load())
        #expect(!stored.isExpired())
    }

    @Test func refreshedTokensArePersistedKeepingTheRefreshToken() async throws {
        let backend = try Self.pingBackend()
        let original = backend.credentials(expiresIn: 30)  // inside the 60 s skew
        let store = InMemoryTokenStore(original)
        _ = try await ping(backend.session(store: store), backend)
        let stored = try #require(try await store.load())
        #expect(stored.accessToken != original.accessToken)
        #expect(stored.refreshToken == original.refreshToken)
        #expect(stored.scopes == original.scopes)
        #expect(backend.oauth.refreshRequestCount == 1)
    }

    @Test func configurableSkewLeavesAlmostExpiredTokensAlone() async throws {
        let backend = try Self.pingBackend()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.refreshSkew = 5
        // The session's clock stands still: on a busy machine more than 25 s can pass before the request.
        let issued = Date()
        configuration.now = { issued }
        _ = try await ping(
            backend.session(store: InMemoryTokenStore(backend.credentials(expiresIn: 30)), configuration: configuration), backend)
        #expect(backend.oauth.tokenRequestCount == 0)
    }

    @Test func unauthorizedResponseRefreshesOnceAndResends() async throws {
        let hits = Recorder<String>()
        let backend = try Self.pingBackend(hits: hits)
        let store = InMemoryTokenStore(backend.credentials())
        let session = backend.session(store: store)
        backend.oauth.expireAccessTokens()
        let response = try await ping(session, backend)
        #expect(response.status == 200)
        #expect(hits.count == 2)
        #expect(Set(hits.values).count == 2)
        #expect(backend.oauth.refreshRequestCount == 1)
    }

    @Test func unauthorizedWithStreamedBodyIsATypedError() async throws {
        let backend = try Self.pingBackend()
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()))
        backend.oauth.expireAccessTokens()
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("streamed".utf8))
            continuation.finish()
        }
        await #expect(throws: OAuthError.unauthorizedBodyNotReplayable(status: 401)) {
            _ = try await ping(session, backend, method: .post, body: .stream(HTTPBodyStream(chunks), length: 8))
        }
        // The token was refreshed on the way, so the next call works.
        #expect(try await ping(session, backend).status == 200)
        #expect(backend.oauth.refreshRequestCount == 1)
    }

    @Test func revokedRefreshTokenRequiresReauthenticationAndFailsFast() async throws {
        let backend = try Self.pingBackend()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -1))
        let session = backend.session(store: store)
        backend.oauth.revokeAll()
        for _ in 0..<3 {
            await #expect {
                _ = try await ping(session, backend)
            } throws: { error in
                guard case OAuthError.Code.reauthenticationRequired = error else { return false }
                return true
            }
        }
        // The rejected credentials are kept (nothing the user did not ask for is deleted), and the
        // session does not send them again.
        #expect(try await store.load() != nil)
        #expect(backend.oauth.refreshRequestCount == 1)
        await #expect(throws: OAuthError.self) { _ = try await session.grantedScopes }
    }

    @Test func invalidGrantNamesGooglesDocumentedCauses() async throws {
        let backend = try Self.pingBackend()
        let session = backend.session(store: InMemoryTokenStore(backend.credentials(expiresIn: -1)))
        backend.oauth.revokeAll()
        let error = await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        let text = error.map { "\($0)" } ?? ""
        for cause in ["revoked", "password", "Testing publishing status", "7 days", "6 months", "limit of refresh tokens"] {
            #expect(text.contains(cause), "\(cause)")
        }
        #expect(text.contains("updateCredentials"))
    }

    @Test func credentialsSavedToTheStoreAfterReauthenticationAreUsedOnTheNextCall() async throws {
        let backend = try Self.pingBackend()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -1))
        let session = backend.session(store: store)
        backend.oauth.revokeAll()
        await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        // Still the rejected credentials: still failing, without another refresh request.
        await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        #expect(backend.oauth.refreshRequestCount == 1)
        // The user signs in again (here or in another process) and the app saves the new tokens
        // to the store the session reads, as the docs show: the next call uses them.
        try await store.save(backend.credentials())
        #expect(try await ping(session, backend).status == 200)
        #expect(try await ping(session, backend).status == 200)
    }

    @Test func reauthenticationHandlerCanSupplyNewCredentials() async throws {
        let backend = try Self.pingBackend()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -1))
        backend.oauth.revokeAll()
        let fresh = backend.credentials()  // issued after revokeAll, so valid
        let storeWasEmpty = Recorder<Bool>()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.reauthenticationHandler = {
            // The rejected credentials are kept while the app is asked.
            storeWasEmpty.append((try? await store.load()) == nil)
            return fresh
        }
        let session = backend.session(store: store, configuration: configuration)
        #expect(try await ping(session, backend).status == 200)
        #expect(storeWasEmpty.values == [false])
        #expect(try await store.load() == fresh)
    }

    @Test func updateCredentialsLeavesTheReauthenticationState() async throws {
        let backend = try Self.pingBackend()
        let store = InMemoryTokenStore(backend.credentials(expiresIn: -1))
        let session = backend.session(store: store)
        backend.oauth.revokeAll()
        await #expect(throws: OAuthError.self) { _ = try await ping(session, backend) }
        try await session.updateCredentials(backend.credentials())
        #expect(try await ping(session, backend).status == 200)
    }

    @Test func accessTokenQueryParameterOnlyWhenConfigured() async throws {
        let hits = Recorder<String>()
        let backend = try Self.pingBackend(hits: hits)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.tokenPlacement = .queryParameter
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        #expect(try await ping(session, backend).status == 200)
        #expect(hits.values == [credentials.accessToken])
    }

    @Test func grantedScopesComeFromTheStore() async throws {
        let backend = try Self.pingBackend()
        let session = backend.session(store: InMemoryTokenStore(backend.credentials(scopes: ["a", "b"])))
        #expect(try await session.grantedScopes == ["a", "b"])
        let empty = backend.session(store: InMemoryTokenStore())
        await #expect(throws: OAuthError(code: .notAuthorized)) { _ = try await ping(empty, backend) }
    }
}
