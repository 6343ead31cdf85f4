import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

/// Every kind of ``GoogleSessionEvent``: what the session, media transfers and streams report,
/// and that nothing secret reaches an observer.
@Suite("GoogleSessionEvent: what the session reports besides requests, redacted")
struct GoogleSessionEventTests {
    static let allKinds: [GoogleSessionEvent.Kind] = [
        .retryScheduled, .tokenRefreshed, .tokenLoaded, .tokenRefreshFailed, .refreshAfterUnauthorized, .quotaCharged, .quotaRefused,
        .quotaExhausted, .uploadChunkSent, .uploadResumed, .downloadResumed, .streamReconnected, .broadcastLifecycleStep,
        .changeFeedPage,
    ]

    static let secrets = [
        "ya29.ACCESSSECRET", "1//REFRESHSECRET", "AIzaKEYSECRET", "CHANNELSECRET", "CLIENTSECRET", "UPLOADSECRET", "IDTOKENSECRET",
    ]

    @Test("whatever an emitter puts in an event, an observer reads no secret", arguments: allKinds)
    func everyKindIsRedacted(kind: GoogleSessionEvent.Kind) {
        let wait = RetryWait(
            method: .get, url: "https://x.example/a?key=REDACTED", reason: "503 service unavailable", status: 503, retry: 1, maxRetries: 4,
            delay: .milliseconds(400), methodID: "test.call")
        let event = GoogleSessionEvent(
            kind, context: GoogleRequestContext(methodID: "test.call", idempotent: true),
            attributes: [
                ("error", "refused Bearer ya29.ACCESSSECRET and refresh_token=1//REFRESHSECRET"),
                ("url", "https://x.example/upload?upload_id=UPLOADSECRET&key=AIzaKEYSECRET&pageSize=5"),
                ("channel.token", "CHANNELSECRET"), ("X-Goog-Channel-Token", "CHANNELSECRET"), ("client_secret", "CLIENTSECRET"),
                ("idToken", "IDTOKENSECRET"), ("apiKey", "AIzaKEYSECRET"), ("body", #"{"id_token": "IDTOKENSECRET"}"#),
                ("state", "live"),
            ],
            retryWait: kind == .retryScheduled ? wait : nil, duration: .milliseconds(12))
        let shown = "\(event) \(event.attributes)"
        for secret in Self.secrets {
            #expect(!shown.contains(secret), "\(secret) in \(shown)")
        }
        // What is not secret stays readable.
        #expect(event.attribute("state") == "live")
        #expect(event.attribute("url")?.contains("pageSize=5") == true)
        #expect(shown.contains(kind.rawValue) && shown.contains("test.call"))
    }

    /// Answers `/api/e` with the scripted responses in order, then 200.
    private static func backend(_ script: [HTTPServerResponse]) throws -> TestBackend {
        let remaining = Mutex(script)
        return try TestBackend { router, oauth in
            router.add(nil, "/api/e") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let next: HTTPServerResponse? = remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                return next ?? .json(Data(#"{"ok":true}"#.utf8))
            }
        }
    }

    private static func observed(_ configuration: AuthorizedSession.Configuration = .fastTests) -> (
        AuthorizedSession.Configuration, Recorder<GoogleSessionEvent>
    ) {
        let events = Recorder<GoogleSessionEvent>()
        var configuration = configuration
        configuration.observers.append(.events { events.append($0) })
        return (configuration, events)
    }

    private static func requireNoSecrets(_ events: [GoogleSessionEvent], _ more: [String]) {
        let shown = events.map { "\($0) \($0.attributes) \($0.retryWait.map(\.url) ?? "")" }.joined(separator: "\n")
        for secret in Self.secrets + more where !secret.isEmpty {
            #expect(!shown.contains(secret), "\(secret) in \(shown)")
        }
    }

    @Test("a token, a retry, a 401 and the refresh after it are reported in order, on the calling task")
    func tokenRetryAndRefresh() async throws {
        let backend = try Self.backend([HTTPServerResponse(status: 503, headers: ["Retry-After": "0"], body: .data(Data()))])
        let (configuration, events) = Self.observed()
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        let url = backend.baseURL.appendingPathComponent("api/e")
        _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true, methodID: "test.e")
        backend.oauth.expireAccessTokens()
        _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true, methodID: "test.e")
        let kinds = events.values.map(\.kind)
        // The stored token is loaded (not a refresh); the 401 sends one refresh.
        #expect(kinds == [.tokenLoaded, .retryScheduled, .refreshAfterUnauthorized, .tokenRefreshed], "\(kinds)")
        let wait = try #require(events.values[1].retryWait)
        #expect(wait.status == 503 && wait.retry == 1 && wait.methodID == "test.e")
        #expect(events.values[1].context?.attempt == 1 && events.values[2].context?.methodID == "test.e")
        #expect(events.values[0].attribute("credentials") == "OAuthUserCredentials")
        #expect(events.values[3].duration != nil)
        let fresh = try await session.validCredentials()
        Self.requireNoSecrets(events.values, [credentials.accessToken, credentials.refreshToken ?? "", fresh.accessToken])
    }

    struct FailingCredentials: CredentialsProvider {
        func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
            throw CredentialsError(.unexpectedResponse, "token endpoint said access_token=ya29.ACCESSSECRET", status: 503)
        }
        func summary() async -> CredentialsSummary { CredentialsSummary(kind: .other, source: "test") }
    }

    @Test("a failed token request is reported with its error, redacted, and the waits before asking again")
    func tokenRefreshFailed() async throws {
        var base = AuthorizedSession.Configuration.fastTests
        base.retry.maxAttempts = 2
        base.trustedTokenOrigins = [URL(string: "http://127.0.0.1:9/")!]
        let (configuration, events) = Self.observed(base)
        let session = AuthorizedSession(credentials: FailingCredentials(), transport: CurlTransport(), configuration: configuration)
        await #expect(throws: CredentialsError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!), idempotent: true)
        }
        #expect(events.values.map(\.kind) == [.tokenRefreshFailed, .retryScheduled, .tokenRefreshFailed])
        #expect(events.values[0].attribute("error")?.contains("token endpoint said") == true)
        Self.requireNoSecrets(events.values, [])
    }

    private static func ledger(_ directory: TemporaryDirectory, budget: Int) -> GoogleQuotaLedger {
        GoogleQuotaLedger(
            fileURL: directory.file("quota.json"), project: "p", dailyBudget: budget,
            pricing: GoogleQuotaPricing { id in id == "test.e" ? .init(method: "e", units: 5) : nil })
    }

    @Test("quota charged before each attempt, refused past the budget, and exhausted on the server's quotaExceeded")
    func quotaEvents() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let exceeded =
            #"{"error":{"code":403,"message":"quota","errors":[{"domain":"youtube.quota","reason":"quotaExceeded"}]}}"#
        let backend = try Self.backend([
            HTTPServerResponse(status: 503, body: .data(Data())), .json(Data("{}".utf8)),
            HTTPServerResponse(status: 403, body: .data(Data(exceeded.utf8))),
        ])
        var base = AuthorizedSession.Configuration.fastTests
        base.quotaLedger = Self.ledger(directory, budget: 12)
        let (configuration, events) = Self.observed(base)
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        let url = backend.baseURL.appendingPathComponent("api/e")
        // Two attempts, 5 units each: 2 left.
        _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true, methodID: "test.e")
        let charged = events.values.filter { $0.kind == .quotaCharged }
        #expect(charged.map { $0.attribute("quota.units") } == ["5", "5"])
        #expect(charged.map { $0.attribute("quota.unitsLeft") } == ["7", "2"])
        #expect(charged.map { $0.context?.attempt } == [1, 2])
        await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: url), idempotent: true, methodID: "test.e")
        }
        let refused = try #require(events.values.last)
        #expect(refused.kind == .quotaRefused && refused.attribute("quota.unitsLeft") == "2" && refused.attribute("quota.method") == "e")

        // A fresh ledger; the server now says the day's quota is spent.
        let other = try TemporaryDirectory()
        defer { other.cleanUp() }
        var second = AuthorizedSession.Configuration.fastTests
        second.quotaLedger = Self.ledger(other, budget: 100)
        let (configuration2, events2) = Self.observed(second)
        let session2 = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration2)
        await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session2.send(GoogleHTTPRequest(url: url), idempotent: true, methodID: "test.e")
        }
        #expect(events2.values.map(\.kind).filter { $0 != .tokenRefreshed && $0 != .tokenLoaded } == [.quotaCharged, .quotaExhausted])
        #expect(events2.values.last?.attribute("quota.method") == "e")
    }

    @Test("a resumed upload reports where it resumed and each chunk the server accepted")
    func uploadEvents() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        try writePatternFile(source, size: 3 << 20 + 12345)
        let state = ResumableUploadServerState(directory: directory.url, interruptChunks: [])
        let backend = try TestBackend { router, oauth in state.register(&router, oauth: oauth) }
        let (configuration, events) = Self.observed()
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        let client = backend.client(session: session)
        let call = APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
        let media = MediaUpload(.file(source), contentType: "video/mp4", strategy: .resumable(chunkSize: 1 << 20))
        let started = try await client.startResumableUpload(call, media: media)
        var first = GoogleHTTPRequest(method: .put, url: started.uri, body: .file(source, offset: 0, length: 1 << 20))
        first.headers["Content-Range"] = "bytes 0-\((1 << 20) - 1)/\(started.totalBytes)"
        #expect(try await session.send(first, idempotent: true).status == 308)
        _ = try await started.resume(client: client, media: media, as: TestFile.self)
        let transfer = events.values.filter { $0.kind == .uploadResumed || $0.kind == .uploadChunkSent }
        #expect(transfer.map(\.kind) == [.uploadResumed, .uploadChunkSent, .uploadChunkSent])
        #expect(transfer.map { $0.attribute("upload.offset") } == ["\(1 << 20)", "\(2 << 20)", "\(3 << 20)"])
        let uploadID = try #require(
            URLComponents(url: started.uri, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "upload_id" }?.value)
        Self.requireNoSecrets(events.values, [uploadID])
    }

    @Test("a download reports each resumption with the offset it continues from")
    func downloadEvents() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        let size: Int64 = 6 << 20 + 777
        try writePatternFile(source, size: Int(size))
        let requests = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            registerDownloadRoute(&router, oauth: oauth, file: source, size: size, interruptions: 3, requests: requests)
        }
        let (configuration, events) = Self.observed()
        let client = backend.client(
            session: backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration))
        var call = APICall(methodID: "test.get", method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "file-1")
        var collected = Data()
        for try await chunk in try await client.downloadStream(call) { collected.append(chunk) }
        #expect(collected.count == Int(size))
        let resumed = events.values.filter { $0.kind == .downloadResumed }
        #expect(resumed.count == 3)
        let offsets = resumed.compactMap { $0.attribute("download.offset").flatMap(Int64.init) }
        #expect(offsets.count == 3 && offsets == offsets.sorted() && offsets.allSatisfy { $0 > 0 && $0 < size })
        #expect(resumed.allSatisfy { $0.context?.methodID == "test.get" })
        // Each resumption was preceded by its wait.
        #expect(events.values.filter { $0.kind == .retryScheduled }.count == 3)
    }
}

extension GoogleSessionEventTests {
    @Test("other modules report their steps through the session's hook; without observers the event is not even built")
    func emitHook() throws {
        let backend = try TestBackend()
        let quiet = backend.session(store: InMemoryTokenStore(backend.credentials()))
        let built = Recorder<Int>()
        #expect(!quiet.hasObservers)
        quiet.emit(
            {
                built.append(1)
                return GoogleSessionEvent(.changeFeedPage)
            }())
        #expect(built.count == 0)

        let (configuration, events) = Self.observed()
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        #expect(session.hasObservers)
        session.emit(GoogleSessionEvent(.broadcastLifecycleStep, attributes: [("broadcast.status", "live"), ("stream.key", "KEYSECRET")]))
        session.emit(GoogleSessionEvent(.changeFeedPage, attributes: [("changes", "3"), ("channel.token", "CHANNELSECRET")]))
        #expect(events.values.map(\.kind) == [.broadcastLifecycleStep, .changeFeedPage])
        #expect(events.values[0].attribute("broadcast.status") == "live" && events.values[0].attribute("stream.key") == "REDACTED")
        Self.requireNoSecrets(events.values, ["KEYSECRET"])
    }
}
