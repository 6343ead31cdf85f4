import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// A stored access token that cannot be sent (a token file damaged or edited by hand) is
/// refreshed before the request, instead of failing every request with "invalid header field"
/// until it expires.
@Suite("AuthorizedSession: a stored token that cannot be sent")
struct UnsendableTokenTests {
    @Test("is replaced by a refresh, and the request succeeds", arguments: ["ya29.bad\r\nX-Injected: 1", "", "ya29 space"])
    func refreshesUnsendableToken(token: String) async throws {
        let backend = try TestBackend { router, oauth in
            router.get("/api/ping") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
        var stored = backend.credentials()
        stored.accessToken = token
        let store = InMemoryTokenStore(stored)
        let session = backend.session(store: store)
        let response = try await session.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true)
        #expect(response.status == 200)
        #expect(backend.oauth.refreshRequestCount == 1)
        let saved = try #require(try await store.load())
        #expect(saved.hasSendableAccessToken)
    }
}
