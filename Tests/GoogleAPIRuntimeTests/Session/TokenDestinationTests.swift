import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

/// The access token goes only to the origin (scheme, host, port) of a service's root URL or of a
/// configured trusted origin; everything else is refused before anything is sent. "Another host"
/// is played by a second server on 127.0.0.1 (another port) and by the same server reached as
/// `localhost` (another host name): both are other origins.
@Suite("Where the access token goes")
struct TokenDestinationTests {
    /// A server on another origin that records every Authorization header it receives.
    final class Bystander: Sendable {
        let server: LocalHTTPServer
        let authorizations = Recorder<String>()
        let requests = Recorder<String>()

        init() throws {
            let authorizations = self.authorizations
            let requests = self.requests
            server = try LocalHTTPServer.start { request in
                requests.append(request.target)
                if let value = request.headers["Authorization"] { authorizations.append(value) }
                return .text("not for you", status: 404)
            }
        }

        deinit { server.stop() }
    }

    enum Elsewhere: String, CaseIterable, Sendable {
        /// Same host, another port (another program on this machine).
        case otherPort
        /// The same server under another host name.
        case otherHostName
    }

    private static func uploadCall() -> APICall {
        APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
    }

    @Test(
        "A resumable upload Location on another origin is refused; that origin never sees the token",
        arguments: Elsewhere.allCases)
    func foreignLocationIsRefused(elsewhere: Elsewhere) async throws {
        let bystander = try Bystander()
        let sameServerPort = Recorder<Int>()
        let backend = try TestBackend { router, oauth in
            router.post("/upload/drive/v3/files") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let port = sameServerPort.values.first ?? 0
                var response = HTTPServerResponse(status: 200)
                response.headers["Location"] =
                    switch elsewhere {
                    case .otherPort: "http://127.0.0.1:\(bystander.server.port)/upload?upload_id=SECRET-ID"
                    case .otherHostName: "http://localhost:\(port)/upload/drive/v3/files?upload_id=SECRET-ID"
                    }
                return response
            }
            router.put("/upload/drive/v3/files") { request, _ in
                bystander.authorizations.append(request.headers["Authorization"] ?? "none")
                return .text("should not be reached", status: 500)
            }
        }
        sameServerPort.append(backend.server.port)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let media = MediaUpload(.data(Data(repeating: 7, count: 1000)), contentType: "text/plain", strategy: .resumable(chunkSize: 1 << 20))

        let error = await #expect(throws: OAuthError.self) {
            _ = try await client.upload(Self.uploadCall(), media: media, as: TestFile.self)
        }
        #expect(bystander.authorizations.count == 0, "token sent elsewhere: \(bystander.authorizations.values)")
        #expect(bystander.requests.count == 0)
        guard let error, error.code == .untrustedTokenDestination, let url = error.url, let reason = error.reason else {
            Issue.record("expected untrustedTokenDestination, got \(String(describing: error))")
            return
        }
        #expect(!url.contains("SECRET-ID"), "the session URI is a secret: \(url)")
        #expect(reason.contains("not trusted"), "\(reason)")
    }

    @Test("A saved session URI on another origin is refused before anything is sent")
    func foreignSavedSessionIsRefused() async throws {
        let bystander = try Bystander()
        let backend = try TestBackend()
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let saved = ResumableUploadSession(
            uri: bystander.server.baseURL.appendingPathComponent("upload"), totalBytes: 10, contentType: "text/plain")
        let media = MediaUpload(.data(Data(repeating: 1, count: 10)), contentType: "text/plain")
        await #expect(throws: OAuthError.self) {
            _ = try await saved.resume(client: client, media: media, as: TestFile.self)
        }
        #expect(bystander.requests.count == 0)
        #expect(bystander.authorizations.count == 0)
    }

    @Test("Requests sent straight through a session go only to trusted origins")
    func directSendsNeedATrustedOrigin() async throws {
        let bystander = try Bystander()
        let backend = try TestBackend { router, oauth in
            router.get("/ping") { request, _ in requireToken(oauth, request) ?? .text("pong") }
        }
        let plain = AuthorizedSession(
            credentials: InMemoryTokenStore(backend.credentials()), refresher: backend.refresher, configuration: .fastTests)
        await #expect(throws: OAuthError.self) {
            _ = try await plain.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("ping")), idempotent: true)
        }

        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.trustedTokenOrigins = [backend.baseURL]
        let trusting = AuthorizedSession(
            credentials: InMemoryTokenStore(backend.credentials()), refresher: backend.refresher, configuration: configuration)
        let response = try await trusting.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("ping")), idempotent: true)
        #expect(response.status == 200)
        // Trusting one origin is not trusting another port on the same host.
        await #expect(throws: OAuthError.self) {
            _ = try await trusting.send(GoogleHTTPRequest(url: bystander.server.baseURL), idempotent: true)
        }
        #expect(bystander.requests.count == 0)
    }

    @Test("A plain-http root URL on a host that is not loopback is refused with a clear message")
    func plainHTTPRootIsRefused() async throws {
        let backend = try TestBackend()
        let session = AuthorizedSession(
            credentials: InMemoryTokenStore(backend.credentials()), refresher: backend.refresher, configuration: .fastTests)
        // TEST-NET-1 (RFC 5737): refused before any connection is attempted.
        let client = GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!, servicePath: "drive/v3/", batchPath: nil
            ),
            rootURL: URL(string: "http://192.0.2.1:8080/"))
        let error = await #expect(throws: OAuthError.self) {
            try await client.execute(APICall(method: .get, path: "files", scopes: []))
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("plain http") && text.contains("192.0.2.1") && text.contains("loopback"), "\(text)")
    }

    @Test("An authorized request's log entry and description never show the token")
    func loggedRequestsAreRedacted() async throws {
        let entries = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            router.get("/drive/v3/files") { request, _ in requireToken(oauth, request) ?? .text("{}") }
        }
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.logRequests { entries.append("\($0)") }
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        let client = backend.client(session: session)
        var call = APICall(method: .get, path: "files", scopes: [])
        call.addQuery("access_token", credentials.accessToken)
        call.addQuery("q", "x")
        _ = try await client.send(call)
        let authorized = session.authorizing(try client.makeRequest(call), with: credentials)
        #expect(authorized.headers["Authorization"] == "Bearer \(credentials.accessToken)")
        var dumped = ""
        dump(authorized, to: &dumped)
        let printed = ["\(authorized)", String(reflecting: authorized), "\(authorized.headers)", dumped] + entries.values
        // The session asking its credentials for the token, then the one attempt.
        #expect(entries.count == 2)
        for text in printed {
            #expect(!text.contains(credentials.accessToken), "token in: \(text)")
        }
    }
}
