import Foundation
import GoogleAPILogging
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import InMemoryLogging
import LocalHTTPServer
import Logging
import Testing

/// Real Drive calls to a server on 127.0.0.1, logged to swift-log's `InMemoryLogHandler`.
@Suite("GoogleLoggingMiddleware: attempts and events to a swift-log Logger")
struct GoogleLoggingMiddlewareTests {
    private static func logged(level: Logger.Level = .trace) -> (AuthorizedSession.Configuration, InMemoryLogHandler) {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in handler }
        logger.logLevel = level
        var configuration = AuthorizedSession.Configuration()
        configuration.log(to: logger)
        return (configuration, handler)
    }

    private static func value(_ entry: InMemoryLogHandler.Entry, _ key: String) -> String? {
        entry.metadata[key].map { "\($0)" }
    }

    @Test("each attempt at debug and the retry after a 503 at notice, with the documented metadata")
    func attemptsAndRetry() async throws {
        let backend = try DriveBackend([DriveBackend.unavailable])
        let (configuration, log) = Self.logged()
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)

        // The session's first token (loaded from the store, not a refresh) is an event of its own, at debug.
        #expect(Self.value(log.entries[0], "google.event") == "tokenLoaded" && log.entries[0].level == .debug)
        let entries = Array(log.entries.dropFirst())
        #expect(entries.map(\.level) == [.debug, .notice, .debug], "\(entries)")
        let first = entries[0]
        #expect(Self.value(first, "google.method") == "drive.files.list")
        #expect(Self.value(first, "google.attempt") == "1")
        #expect(Self.value(first, "http.request.method") == "GET")
        #expect(Self.value(first, "http.response.status_code") == "503")
        #expect(Self.value(first, "error.type") == "503")
        #expect(Self.value(first, "server.address") == "127.0.0.1")
        #expect(Self.value(first, "url.full")?.contains("/drive/v3/files?pageSize=5") == true)
        #expect(Self.value(first, "google.duration_ms").flatMap(Double.init) != nil)
        #expect("\(first.message)".hasPrefix("drive.files.list attempt 1: 503 in "))

        let retry = entries[1]
        #expect(Self.value(retry, "google.event") == "retryScheduled")
        #expect(Self.value(retry, "google.method") == "drive.files.list")
        #expect(Self.value(retry, "google.retry.number") == "1")
        #expect(Self.value(retry, "google.retry.reason") == "503 service unavailable")
        #expect(Self.value(retry, "http.response.status_code") == "503")
        #expect(Self.value(retry, "google.retry.delay_ms").flatMap(Double.init) != nil)

        #expect(Self.value(entries[2], "google.attempt") == "2" && Self.value(entries[2], "http.response.status_code") == "200")
        #expect(Self.value(entries[2], "error.type") == nil)
    }

    @Test("a 401 logs the refresh after it at notice and the new token at debug, and no token appears anywhere")
    func reauthenticationWithoutSecrets() async throws {
        let backend = try DriveBackend()
        let (configuration, log) = Self.logged()
        let credentials = backend.credentials()
        let store = InMemoryTokenStore(credentials)
        let drive = backend.drive(backend.session(configuration, store: store))
        backend.oauth.expireAccessTokens()
        _ = try await drive.files.list(pageSize: 5)

        let events = log.entries.compactMap { Self.value($0, "google.event") }
        #expect(events == ["tokenLoaded", "refreshAfterUnauthorized", "tokenRefreshed"], "\(log.entries)")
        #expect(log.entries.first { Self.value($0, "google.event") == "refreshAfterUnauthorized" }?.level == .notice)
        #expect(log.entries.last { Self.value($0, "google.event") == "tokenRefreshed" }?.level == .debug)
        #expect(log.entries.filter { Self.value($0, "http.response.status_code") == "401" }.count == 1)

        let fresh = try #require(try await store.load())
        let secrets = [
            credentials.accessToken, credentials.refreshToken ?? "", fresh.accessToken, OAuthEmulator.Client.testDesktopClient.secret ?? "",
        ]
        let everything = log.entries.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        for secret in secrets where !secret.isEmpty {
            #expect(!everything.contains(secret), "a token or secret in the log: \(everything)")
        }
        // The access token really travelled: the server saw it on the last attempt.
        #expect(backend.receivedHeaders.last?["Authorization"] == "Bearer \(fresh.accessToken)")
    }

    @Test("a call past the quota ledger's budget is refused at warning")
    func quotaRefusal() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let backend = try DriveBackend()
        var (configuration, log) = Self.logged()
        configuration.quotaLedger = GoogleQuotaLedger(
            fileURL: directory.file("quota.json"), dailyBudget: 7,
            pricing: GoogleQuotaPricing { id in id == "drive.files.list" ? .init(method: "files.list", units: 5) : nil })
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)
        await #expect(throws: GoogleQuotaExceededError.self) { _ = try await drive.files.list(pageSize: 5) }

        let charged = try #require(log.entries.first { Self.value($0, "google.event") == "quotaCharged" })
        #expect(charged.level == .debug && Self.value(charged, "google.quota.units") == "5")
        let refused = try #require(log.entries.last)
        #expect(refused.level == .warning && Self.value(refused, "google.event") == "quotaRefused")
        #expect(Self.value(refused, "google.quota.unitsLeft") == "2" && Self.value(refused, "google.method") == "drive.files.list")
    }

    @Test("a failed attempt names the transport failure; a quiet logger gets nothing")
    func failureAndLevel() async throws {
        let (configuration, log) = Self.logged()
        var noRetry = configuration
        noRetry.retry = .disabled
        noRetry.trustedTokenOrigins = [URL(string: "http://127.0.0.1:9/")!]
        let session = AuthorizedSession(apiKey: APIKey("AIzaKEYSECRET"), transport: CurlTransport(), configuration: noRetry)
        await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: URL(string: "http://127.0.0.1:9/drive/v3/files")!), idempotent: true)
        }
        let entry = try #require(log.entries.first)
        #expect(entry.level == .debug && Self.value(entry, "error.type") == "connectionRefused", "\(log.entries)")
        #expect(Self.value(entry, "error.message") != nil)
        #expect(!"\(log.entries)".contains("AIzaKEYSECRET"))

        let (quietConfiguration, quiet) = Self.logged(level: .info)
        let backend = try DriveBackend([DriveBackend.unavailable])
        let drive = backend.drive(backend.session(quietConfiguration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)
        #expect(quiet.entries.map(\.level) == [.notice], "only the retry passes an info logger: \(quiet.entries)")
    }

    static let kinds: [GoogleSessionEvent.Kind] = [
        .retryScheduled, .tokenRefreshed, .tokenRefreshFailed, .refreshAfterUnauthorized, .quotaCharged, .quotaRefused,
        .quotaExhausted, .uploadChunkSent, .uploadResumed, .downloadResumed, .streamReconnected, .broadcastLifecycleStep,
        .changeFeedPage, GoogleSessionEvent.Kind(rawValue: "youtube.somethingNew"),
    ]

    @Test("whatever secret an event was made with, no message or metadata value holds it", arguments: kinds)
    func everyKindRedacted(kind: GoogleSessionEvent.Kind) {
        let log = InMemoryLogHandler()
        var logger = Logger(label: "test") { _ in log }
        logger.logLevel = .trace
        let middleware = GoogleLoggingMiddleware(logger: logger)
        let wait = RetryWait(
            method: .put, url: "https://x.example/upload?upload_id=UPLOADSECRET&key=AIzaKEYSECRET", reason: "503 service unavailable",
            status: 503, retry: 1, maxRetries: 4, delay: .milliseconds(400), methodID: "test.call")
        middleware.observe(
            GoogleSessionEvent(
                kind, context: GoogleRequestContext(methodID: "test.call", attempt: 2, idempotent: true),
                attributes: [
                    ("error", "refused Bearer ya29.ACCESSSECRET, refresh_token=1//REFRESHSECRET"), ("channel.token", "CHANNELSECRET"),
                    ("url", "https://x.example/upload?upload_id=UPLOADSECRET&key=AIzaKEYSECRET"), ("client_secret", "CLIENTSECRET"),
                    ("state", "live"),
                ],
                retryWait: kind == .retryScheduled ? wait : nil))
        let entry = log.entries.first
        let everything = "\(log.entries)"
        for secret in ["ACCESSSECRET", "REFRESHSECRET", "CHANNELSECRET", "UPLOADSECRET", "AIzaKEYSECRET", "CLIENTSECRET"] {
            #expect(!everything.contains(secret), "\(secret) in \(everything)")
        }
        #expect(entry.map { Self.value($0, "google.state") } == "live")
        #expect(entry.map { Self.value($0, "google.event") } == kind.rawValue)
        #expect(entry.map { Self.value($0, "google.method") } == "test.call")
    }

    struct LeakyError: Error, CustomStringConvertible {
        var description: String { "upstream said: Authorization: Bearer ya29.LEAKSECRET" }
    }

    /// A transport whose failures quote what it was sent: an error the session does not make
    /// itself reaches the log as it was thrown.
    struct LeakyTransport: HTTPTransport {
        func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse { throw LeakyError() }
        func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead { throw LeakyError() }
        func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse { throw LeakyError() }
    }

    @Test("an error thrown below the log, whatever its text, is logged masked")
    func thrownErrorMasked() async throws {
        var (configuration, log) = Self.logged()
        configuration.retry = .disabled
        let origin = URL(string: "https://drive.example/")!
        configuration.trustedTokenOrigins = [origin]
        let session = AuthorizedSession(apiKey: APIKey("AIzaKEY"), transport: LeakyTransport(), configuration: configuration)
        await #expect(throws: LeakyError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: origin.appendingPathComponent("files")), idempotent: true)
        }
        let failed = try #require(log.entries.first { Self.value($0, "error.type") != nil })
        #expect(Self.value(failed, "error.type") == "LeakyError")
        #expect(Self.value(failed, "error.message")?.contains("upstream said") == true, "\(failed)")
        #expect(!"\(log.entries)".contains("LEAKSECRET"))
    }
}
