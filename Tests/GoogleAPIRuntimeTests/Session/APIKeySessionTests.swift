import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// A session with an API key: the key in `x-goog-api-key` only, no token machinery.
@Suite("AuthorizedSession with an API key")
struct APIKeySessionTests {
    static let key = "AIzaSy-test-key-for-session-tests"

    private static func backend(seen: Recorder<(headers: [String: String], target: String)>, status: Int = 200) throws -> TestBackend {
        try TestBackend { router, _ in
            router.add(nil, "/api/public") { request, _ in
                var headers: [String: String] = [:]
                for name in ["Authorization", "x-goog-api-key", "x-goog-user-project"] { headers[name] = request.headers[name] }
                seen.append((headers, request.path + "?" + (request.query ?? "")))
                return .json(Data(#"{"ok":true}"#.utf8), status: status)
            }
        }
    }

    private static func session(_ key: APIKey, _ backend: TestBackend) -> AuthorizedSession {
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.trustedTokenOrigins = [backend.baseURL]
        return AuthorizedSession(apiKey: key, configuration: configuration)
    }

    @Test func theKeyGoesInTheHeaderNeverInTheURLAndNoTokenIsSent() async throws {
        let seen = Recorder<(headers: [String: String], target: String)>()
        let backend = try Self.backend(seen: seen)
        let session = Self.session(APIKey(Self.key, quotaProjectID: "public-reads"), backend)
        let response = try await session.send(
            GoogleHTTPRequest(method: .get, url: backend.baseURL.appendingPathComponent("api/public")), idempotent: true)
        #expect(response.status == 200)
        let request = try #require(seen.values.first)
        #expect(request.headers["x-goog-api-key"] == Self.key)
        #expect(request.headers["x-goog-user-project"] == "public-reads")
        #expect(request.headers["Authorization"] == nil)
        #expect(!request.target.contains(Self.key))
        #expect(backend.oauth.tokenRequestCount == 0)
        #expect(try await session.grantedScopes.isEmpty)
        #expect(await session.credentialsSummary().kind == .apiKey)
    }

    @Test func a401IsReturnedWithoutAnyRefresh() async throws {
        let seen = Recorder<(headers: [String: String], target: String)>()
        let backend = try Self.backend(seen: seen, status: 401)
        let session = Self.session(APIKey(Self.key), backend)
        let response = try await session.send(
            GoogleHTTPRequest(method: .get, url: backend.baseURL.appendingPathComponent("api/public")), idempotent: true)
        #expect(response.status == 401)
        #expect(seen.count == 1)
        #expect(backend.oauth.tokenRequestCount == 0)
        await #expect(throws: OAuthError(code: .notAuthorized)) { _ = try await session.accessToken() }
    }

    @Test func theKeyGoesOnlyToTrustedOriginsAndNeverIntoErrorsOrDescriptions() async throws {
        let session = AuthorizedSession(apiKey: APIKey(Self.key), configuration: .fastTests)
        do {
            _ = try await session.send(GoogleHTTPRequest(method: .get, url: URL(string: "http://198.51.100.7/api")!), idempotent: true)
            Issue.record("sent to an untrusted origin")
        } catch {
            #expect(!"\(error)".contains(Self.key))
        }
        let key = APIKey(Self.key, source: "GOOGLE_API_KEY")
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(reflecting: key), dumped] { #expect(!text.contains(Self.key)) }
    }
}
