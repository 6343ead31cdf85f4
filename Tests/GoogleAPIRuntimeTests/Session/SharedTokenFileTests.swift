import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// Sessions that share a token file (here: separate sessions and stores in one process, as
/// separate processes would have) refresh once: the refresh runs under the file's lock on the
/// credentials read after taking it.
@Suite("AuthorizedSession: a token file shared by sessions")
struct SharedTokenFileTests {
    /// A backend whose `/api/ping` wants a valid token, and a folder for the token file.
    private static func pingBackend() throws -> (TestBackend, TemporaryDirectory) {
        let backend = try TestBackend { router, oauth in
            router.get("/api/ping") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
        return (backend, try TemporaryDirectory())
    }

    @Test("eight sessions on one expired token file send one refresh and all succeed")
    func oneRefresh() async throws {
        let (backend, directory) = try Self.pingBackend()
        defer { directory.cleanUp() }
        let file = directory.file("tokens.json")
        try await FileTokenStore(fileURL: file).save(backend.credentials(expiresIn: -60))
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let session = backend.session(store: FileTokenStore(fileURL: file))
                    return try await session.send(
                        GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/ping")), idempotent: true
                    ).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 8))
        #expect(backend.oauth.refreshRequestCount == 1)
        let stored = try #require(try await FileTokenStore(fileURL: file).load())
        #expect(!stored.isExpired())
    }

    @Test("a session whose token was rejected uses the one another session stored meanwhile")
    func rejectedTokenReplacedByAnother() async throws {
        let (backend, directory) = try Self.pingBackend()
        defer { directory.cleanUp() }
        let file = directory.file("tokens.json")
        let original = backend.credentials()
        try await FileTokenStore(fileURL: file).save(original)
        let first = backend.session(store: FileTokenStore(fileURL: file))
        let second = backend.session(store: FileTokenStore(fileURL: file))
        let url = backend.baseURL.appendingPathComponent("api/ping")
        // Both sessions load the original token.
        _ = try await first.send(GoogleHTTPRequest(url: url), idempotent: true)
        _ = try await second.send(GoogleHTTPRequest(url: url), idempotent: true)
        backend.oauth.expireAccessTokens()
        // The first refreshes after its 401; the second, rejected too, finds that token stored.
        #expect(try await first.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200)
        #expect(try await second.send(GoogleHTTPRequest(url: url), idempotent: true).status == 200)
        #expect(backend.oauth.refreshRequestCount == 1)
    }
}
