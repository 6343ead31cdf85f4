import Foundation
import GoogleAPIMetrics
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import MetricsTestKit
import Testing

/// Real Drive calls to the package's emulator (its own fault injection answering 503), recorded
/// by swift-metrics' `TestMetrics`.
@Suite("GoogleMetricsMiddleware: OpenTelemetry's HTTP-client metrics, retries, quota and tokens")
struct GoogleMetricsMiddlewareTests {
    /// The emulator, a session signed in through its OAuth endpoints, and the metrics it records.
    private struct Setup {
        let emulator: GoogleEmulator
        let drive: Drive
        let metrics: TestMetrics

        init(quotaLedger: GoogleQuotaLedger? = nil) throws {
            emulator = try GoogleEmulator.start()
            metrics = TestMetrics()
            var configuration = AuthorizedSession.Configuration()
            configuration.recordMetrics(to: metrics)
            configuration.retry = .fast
            configuration.quotaLedger = quotaLedger
            configuration.trustedTokenOrigins = [emulator.baseURL]
            let tokens = emulator.oauth.issueTokens(scopes: [Drive.Scope.drive])
            let client = OAuthEmulator.Client.testDesktopClient
            let refresher = OAuthClient(
                configuration: OAuthClientConfiguration(
                    clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))
            let store = InMemoryTokenStore(
                OAuthTokens(
                    accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh,
                    scopes: [Drive.Scope.drive]))
            let session = AuthorizedSession(
                credentials: store, refresher: refresher, transport: CurlTransport(), configuration: configuration)
            drive = Drive(session: session, rootURL: emulator.rootURL)
        }

        /// The durations recorded with these dimensions (in any order, and no others).
        func durations(_ dimensions: [String: String]) -> [Int64] {
            metrics.timers(label: "http.client.request.duration")
                .filter { Dictionary($0.dimensions, uniquingKeysWith: { a, _ in a }) == dimensions }
                .flatMap(\.values)
        }

        func counter(_ label: String, _ dimensions: [String: String] = [:]) -> Int64 {
            metrics.counters(label: label)
                .filter { Dictionary($0.dimensions, uniquingKeysWith: { a, _ in a }) == dimensions }
                .map(\.totalValue).reduce(0, +)
        }
    }

    @Test("each attempt's duration with method, status, server and error type; the retry after the server's 503 counted with its reason")
    func durationsAndRetries() async throws {
        let setup = try Setup()
        defer { setup.emulator.stop() }
        setup.emulator.faults.enqueue(.status(503, retryAfter: 0), matching: "/drive/v3/files", method: .get)
        let page = try await setup.drive.files.list(pageSize: 3)
        #expect(page.files?.count == 3)
        #expect(setup.emulator.faults.injectedTotal == 1)

        let base = [
            "http.request.method": "GET", "server.address": "127.0.0.1", "server.port": String(setup.emulator.port),
            "google.method": "drive.files.list",
        ]
        let failed = setup.durations(base.merging(["http.response.status_code": "503", "error.type": "503"]) { a, _ in a })
        let succeeded = setup.durations(base.merging(["http.response.status_code": "200"]) { a, _ in a })
        #expect(failed.count == 1 && succeeded.count == 1, "\(setup.metrics)")
        #expect((failed + succeeded).allSatisfy { $0 > 0 })
        // Shown in seconds, as OpenTelemetry's histogram is.
        #expect(setup.metrics.timers(label: "http.client.request.duration").allSatisfy { $0.displayUnit == .seconds })
        #expect(setup.counter("google.client.retries", ["google.method": "drive.files.list", "google.retry.reason": "503"]) == 1)

        // No dimension holds a URL, a query or an ID: every value is one of a closed set.
        for timer in setup.metrics.timers(label: "http.client.request.duration") {
            #expect(timer.dimensions.allSatisfy { !$0.1.contains("/") && !$0.1.contains("?") }, "\(timer.dimensions)")
        }
    }

    @Test("token refreshes, the refresh after a 401, and a transport failure's error type")
    func tokensAndFailures() async throws {
        let setup = try Setup()
        defer { setup.emulator.stop() }
        _ = try await setup.drive.files.list(pageSize: 1)
        setup.emulator.oauth.expireAccessTokens()
        _ = try await setup.drive.files.list(pageSize: 1)
        #expect(setup.counter("google.client.reauthentications", ["google.method": "drive.files.list"]) == 1)
        // Only the refresh after the 401: the stored token was loaded, not refreshed.
        #expect(setup.counter("google.client.token.refreshes", ["outcome": "success"]) == 1, "\(setup.metrics)")
        #expect(setup.metrics.timers(label: "google.client.token.duration").flatMap(\.values).count == 1)
        #expect(
            setup.durations([
                "http.request.method": "GET", "server.address": "127.0.0.1", "server.port": String(setup.emulator.port),
                "google.method": "drive.files.list", "http.response.status_code": "401", "error.type": "401",
            ]).count == 1)

        // Nothing listens on port 9: the attempt fails before a response, named by the failure's kind.
        let metrics = TestMetrics()
        var configuration = AuthorizedSession.Configuration()
        configuration.recordMetrics(to: metrics)
        configuration.retry = .disabled
        configuration.trustedTokenOrigins = [URL(string: "http://127.0.0.1:9/")!]
        let session = AuthorizedSession(apiKey: APIKey("AIzaKEY"), transport: CurlTransport(), configuration: configuration)
        await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!), idempotent: true, methodID: "test.x")
        }
        let timer = try #require(metrics.timers(label: "http.client.request.duration").first)
        let dimensions = Dictionary(timer.dimensions, uniquingKeysWith: { a, _ in a })
        #expect(dimensions["error.type"] == "connectionRefused" && dimensions["http.response.status_code"] == nil, "\(dimensions)")
        #expect(dimensions["google.method"] == "test.x" && dimensions["server.port"] == "9")
    }

    @Test("quota units charged per attempt and refused past the budget")
    func quota() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let ledger = GoogleQuotaLedger(
            fileURL: directory.file("quota.json"), dailyBudget: 12,
            pricing: GoogleQuotaPricing { id in id == "drive.files.list" ? .init(method: "files.list", units: 5) : nil })
        let setup = try Setup(quotaLedger: ledger)
        defer { setup.emulator.stop() }
        setup.emulator.faults.enqueue(.status(503, retryAfter: 0), matching: "/drive/v3/files", method: .get)
        _ = try await setup.drive.files.list(pageSize: 1)  // two attempts: 10 units
        await #expect(throws: GoogleQuotaExceededError.self) { _ = try await setup.drive.files.list(pageSize: 1) }
        #expect(setup.counter("google.client.quota.charged", ["google.method": "drive.files.list"]) == 10)
        #expect(setup.counter("google.client.quota.refused", ["google.method": "drive.files.list"]) == 5)
    }
}
