import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// What AuthorizedSession promises holds for credentials that are not the user's token store:
/// the same single flight, refresh before expiry, one retry after a 401, trusted origins only,
/// typed errors and metadata headers.
@Suite("AuthorizedSession with any CredentialsProvider")
struct CredentialsProviderSessionTests {
    private static func backend(headers: Recorder<[String: String]>? = nil) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.add(nil, "/api/ping") { request, _ in
                var seen: [String: String] = [:]
                for name in ["Authorization", "x-goog-user-project", "x-goog-api-key"] { seen[name] = request.headers[name] }
                headers?.append(seen)
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
    }

    private static func session(_ credentials: any CredentialsProvider, _ backend: TestBackend) -> AuthorizedSession {
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.trustedTokenOrigins = [backend.baseURL]
        return AuthorizedSession(credentials: credentials, configuration: configuration)
    }

    private static func ping(_ session: AuthorizedSession, _ backend: TestBackend) async throws -> GoogleHTTPResponse {
        try await session.send(GoogleHTTPRequest(method: .get, url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true)
    }

    @Test func fiveHundredConcurrentRequestsAskTheCredentialsOnce() async throws {
        let backend = try Self.backend()
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<500 { group.addTask { try await Self.ping(session, backend).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 500 && statuses.allSatisfy { $0 == 200 })
        #expect(credentials.calls == 1)
    }

    @Test func aTokenAboutToExpireIsReplacedBeforeItIsSent() async throws {
        let headers = Recorder<[String: String]>()
        let backend = try Self.backend(headers: headers)
        // Each token is valid for 30 s: inside the session's 60 s skew, so each request needs a new one.
        let credentials = IssuingCredentials(oauth: backend.oauth, lifetime: 30)
        let session = Self.session(credentials, backend)
        _ = try await Self.ping(session, backend)
        _ = try await Self.ping(session, backend)
        #expect(credentials.calls == 2)
        #expect(credentials.requests.allSatisfy { $0.minimumValidity == 60 && $0.rejectedAccessToken == nil })
        #expect(headers.values.map { $0["Authorization"] } == credentials.issued.map { "Bearer \($0)" })
    }

    @Test func aValidTokenIsReusedWithoutAskingAgain() async throws {
        let backend = try Self.backend()
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        for _ in 0..<5 { _ = try await Self.ping(session, backend) }
        #expect(credentials.calls == 1)
    }

    @Test func a401GetsOneNewTokenAndOneRetry() async throws {
        let headers = Recorder<[String: String]>()
        let backend = try Self.backend(headers: headers)
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        _ = try await Self.ping(session, backend)
        backend.oauth.expireAccessTokens()
        let response = try await Self.ping(session, backend)
        #expect(response.status == 200)
        #expect(credentials.calls == 2)
        #expect(credentials.requests.last?.rejectedAccessToken == credentials.issued.first)
        #expect(headers.count == 3)
    }

    @Test func a401AfterTheRetryIsReturnedNotLooped() async throws {
        let backend = try TestBackend { router, _ in
            router.add(nil, "/api/ping") { _, _ in .json(Data(#"{"error":{"code":401}}"#.utf8), status: 401) }
        }
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        let response = try await Self.ping(session, backend)
        #expect(response.status == 401)
        #expect(credentials.calls == 2)
    }

    @Test func untrustedOriginsGetNoTokenAndTheCredentialsAreNotAsked() async throws {
        let backend = try Self.backend()
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        await #expect(throws: OAuthError.self) { _ = try await Self.ping(session, backend) }
        let remote = GoogleHTTPRequest(method: .get, url: URL(string: "http://example.com/api")!)
        await #expect(throws: OAuthError.self) { _ = try await session.send(remote, idempotent: true) }
        #expect(credentials.calls == 0)
    }

    @Test func aFailureIsThrownAsItIsAndTheNextRequestAsksAgain() async throws {
        let backend = try Self.backend()
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        credentials.failNextCall()
        await #expect(throws: IssuingCredentials.Failure.self) { _ = try await Self.ping(session, backend) }
        #expect(try await Self.ping(session, backend).status == 200)
        #expect(credentials.calls == 2)
    }

    @Test func theQuotaProjectIsSentOnEveryRequest() async throws {
        let headers = Recorder<[String: String]>()
        let backend = try Self.backend(headers: headers)
        let session = Self.session(IssuingCredentials(oauth: backend.oauth).withQuotaProject("billing-project-7"), backend)
        _ = try await Self.ping(session, backend)
        #expect(headers.values.first?["x-goog-user-project"] == "billing-project-7")
        let summary = await session.credentialsSummary()
        #expect(summary.quotaProjectID == "billing-project-7")
        #expect(summary.account == "robot@example.com")
    }

    @Test func theUsersTokensCarryAQuotaProjectToo() async throws {
        let headers = Recorder<[String: String]>()
        let backend = try Self.backend(headers: headers)
        let user = OAuthUserCredentials(store: InMemoryTokenStore(backend.credentials()), refresher: backend.refresher)
        _ = try await Self.ping(Self.session(user.withQuotaProject("user-billing"), backend), backend)
        #expect(headers.values.first?["x-goog-user-project"] == "user-billing")
        #expect(headers.values.first?["Authorization"]?.hasPrefix("Bearer ") == true)
    }

    @Test func noTokenInDescriptionsOrTheSessionsErrors() async throws {
        let backend = try Self.backend()
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = Self.session(credentials, backend)
        let token = try await session.accessToken()
        for text in ["\(token)", String(reflecting: token), "\(AccessTokenRequest(rejectedAccessToken: token.value))"] {
            #expect(!text.contains(token.value))
        }
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains(token.value))
        do {
            _ = try await session.send(
                GoogleHTTPRequest(method: .get, url: URL(string: "http://example.com/?access_token=\(token.value)")!), idempotent: true)
            Issue.record("an untrusted destination was accepted")
        } catch {
            #expect(!"\(error)".contains(token.value))
        }
    }

    @Test func theSessionLogHoldsNoTokenAndNoKey() async throws {
        let backend = try Self.backend()
        let entries = Recorder<String>()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.trustedTokenOrigins = [backend.baseURL]
        configuration.logRequests { entries.append("\($0)") }
        let credentials = IssuingCredentials(oauth: backend.oauth)
        let session = AuthorizedSession(credentials: credentials, configuration: configuration)
        _ = try await Self.ping(session, backend)
        backend.oauth.expireAccessTokens()
        _ = try await Self.ping(session, backend)
        let keySession = AuthorizedSession(apiKey: APIKey("AIza-logged-key-must-not-appear"), configuration: configuration)
        _ = try await keySession.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true)
        #expect(entries.values.count >= 4)
        for entry in entries.values {
            #expect(credentials.issued.allSatisfy { !entry.contains($0) })
            #expect(!entry.contains("AIza-logged-key-must-not-appear"))
        }
    }
}
