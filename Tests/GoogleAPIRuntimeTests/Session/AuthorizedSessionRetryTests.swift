import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Synchronization
import Testing

@Suite("AuthorizedSession: retries and logging")
struct AuthorizedSessionRetryTests {
    /// Answers `/api/flaky` with the scripted responses in order, then 200.
    private static func flakyBackend(_ script: [HTTPServerResponse], hits: Recorder<String>) throws -> TestBackend {
        let remaining = Mutex(script)
        return try TestBackend { router, oauth in
            router.add(nil, "/api/flaky") { request, _ in
                hits.append(request.method.rawValue)
                if let denied = requireToken(oauth, request) { return denied }
                let next: HTTPServerResponse? = remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                return next ?? .json(Data(#"{"ok":true}"#.utf8))
            }
        }
    }

    private static func recordingConfiguration(_ delays: Recorder<Duration>) -> AuthorizedSession.Configuration {
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry.maxDelay = .seconds(60)
        configuration.sleep = { delays.append($0) }
        return configuration
    }

    private func send(
        _ backend: TestBackend, _ configuration: AuthorizedSession.Configuration, method: GoogleHTTPMethod = .get, idempotent: Bool? = nil
    ) async throws -> GoogleHTTPResponse {
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        let request = GoogleHTTPRequest(
            method: method, url: backend.baseURL.appendingPathComponent("api/flaky"),
            body: method == .post ? .data(Data("{}".utf8)) : .empty)
        return try await session.send(request, idempotent: idempotent ?? method.isIdempotent)
    }

    private static func status(_ status: Int, headers: GoogleHTTPHeaders = [:], body: String = "") -> HTTPServerResponse {
        HTTPServerResponse(status: status, headers: headers, body: .data(Data(body.utf8)))
    }

    @Test func serviceUnavailableWithRetryAfterSecondsIsHonoured() async throws {
        let hits = Recorder<String>()
        let delays = Recorder<Duration>()
        let backend = try Self.flakyBackend(
            [Self.status(503, headers: ["Retry-After": "3"]), Self.status(503, headers: ["Retry-After": "1"])], hits: hits)
        let response = try await send(backend, Self.recordingConfiguration(delays))
        #expect(response.status == 200)
        #expect(hits.count == 3)
        #expect(delays.values == [.seconds(3), .seconds(1)])
    }

    @Test func retryAfterHTTPDateIsHonoured() async throws {
        let delays = Recorder<Duration>()
        let date = Date().addingTimeInterval(20)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let backend = try Self.flakyBackend([Self.status(429, headers: ["Retry-After": formatter.string(from: date)])], hits: Recorder())
        let sentAt = Date()
        #expect(try await send(backend, Self.recordingConfiguration(delays)).status == 200)
        let delay = try #require(delays.values.first)
        // The delay is the time left until the date (sent in whole seconds) when the 429 arrived,
        // which was after `sentAt` and before now: bounds that hold however slow the machine is.
        let mostLeft = Duration.seconds(date.timeIntervalSince(sentAt))
        let leastLeft = Duration.seconds(date.timeIntervalSinceNow - 1)
        #expect(delay <= mostLeft && delay >= leastLeft, "delay \(delay), expected \(leastLeft)...\(mostLeft)")
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retryableStatusesAreRetriedWithJitteredBackoff(status: Int) async throws {
        let hits = Recorder<String>()
        let delays = Recorder<Duration>()
        let backend = try Self.flakyBackend([Self.status(status), Self.status(status)], hits: hits)
        var configuration = Self.recordingConfiguration(delays)
        configuration.retry.baseDelay = .milliseconds(100)
        configuration.retry.maxDelay = .seconds(10)
        #expect(try await send(backend, configuration).status == 200)
        #expect(hits.count == 3)
        #expect(delays.count == 2)
        #expect(delays.values[0] <= .milliseconds(100) && delays.values[1] <= .milliseconds(200))
    }

    @Test func rateLimitForbiddenIsRetriedOtherForbiddenIsNot() async throws {
        let rateLimited =
            #"{"error":{"code":403,"message":"Rate Limit Exceeded","errors":[{"domain":"usageLimits","reason":"userRateLimitExceeded","message":"Rate Limit Exceeded"}]}}"#
        let hits = Recorder<String>()
        let backend = try Self.flakyBackend([Self.status(403, body: rateLimited)], hits: hits)
        #expect(try await send(backend, .fastTests).status == 200)
        #expect(hits.count == 2)

        let forbidden =
            #"{"error":{"code":403,"message":"Forbidden","errors":[{"domain":"global","reason":"insufficientFilePermissions"}]}}"#
        let otherHits = Recorder<String>()
        let other = try Self.flakyBackend([Self.status(403, body: forbidden)], hits: otherHits)
        #expect(try await send(other, .fastTests).status == 403)
        #expect(otherHits.count == 1)
    }

    @Test func nonIdempotentRequestsAreNotRetriedUnlessMarkedSafe() async throws {
        let hits = Recorder<String>()
        let backend = try Self.flakyBackend([Self.status(503)], hits: hits)
        #expect(try await send(backend, .fastTests, method: .post).status == 503)
        #expect(hits.count == 1)

        let safeHits = Recorder<String>()
        let safe = try Self.flakyBackend([Self.status(503)], hits: safeHits)
        #expect(try await send(safe, .fastTests, method: .post, idempotent: true).status == 200)
        #expect(safeHits.count == 2)
    }

    @Test func attemptsAndTotalTimeAreBounded() async throws {
        let hits = Recorder<String>()
        let backend = try Self.flakyBackend(Array(repeating: Self.status(500), count: 20), hits: hits)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry.maxAttempts = 4
        #expect(try await send(backend, configuration).status == 500)
        #expect(hits.count == 4)

        let timeHits = Recorder<String>()
        let slow = try Self.flakyBackend(Array(repeating: Self.status(503, headers: ["Retry-After": "50"]), count: 20), hits: timeHits)
        var bounded = AuthorizedSession.Configuration.fastTests
        bounded.retry.maxDelay = .seconds(100)
        // A retry whose delay would end past the time budget is not attempted.
        bounded.retry.maxTotalTime = .seconds(40)
        #expect(try await send(slow, bounded).status == 503)
        #expect(timeHits.count == 1)
    }

    @Test func retriesCanBeTurnedOff() async throws {
        let hits = Recorder<String>()
        let backend = try Self.flakyBackend([Self.status(503)], hits: hits)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry = .disabled
        #expect(try await send(backend, configuration).status == 503)
        #expect(hits.count == 1)
    }

    @Test func droppedConnectionsAreRetriedForIdempotentRequests() async throws {
        let hits = Recorder<String>()
        let backend = try Self.flakyBackend([.dropConnection], hits: hits)
        #expect(try await send(backend, .fastTests).status == 200)
        #expect(hits.count == 2)
    }

    @Test func loggerSeesEveryAttemptWithoutSecrets() async throws {
        let entries = Recorder<RequestLogEntry>()
        let backend = try Self.flakyBackend([Self.status(503)], hits: Recorder())
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.logRequests { entries.append($0) }
        let events = Recorder<GoogleSessionEvent>()
        configuration.observers.append(.events { events.append($0) })
        configuration.tokenPlacement = .queryParameter
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        var components = URLComponents(url: backend.baseURL.appendingPathComponent("api/flaky"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: "AIzaSECRET"), URLQueryItem(name: "pageSize", value: "5")]
        var request = GoogleHTTPRequest(url: components.url!)
        request.headers["Cookie"] = "SID=COOKIESECRET"
        request.headers["X-Goog-Api-Key"] = "AIzaHEADERSECRET"
        _ = try await session.send(request, idempotent: true)
        // The session first asked its credentials for the token: that is logged too.
        #expect(entries.values.map(\.kind) == [.accessToken, .request, .request])
        let attempts = entries.values.filter { $0.kind == .request }
        #expect(attempts.map(\.status) == [503, 200])
        #expect(attempts.map(\.attempt) == [1, 2])
        // The wait before the retry is its own event, not part of the attempt's entry.
        #expect(attempts.allSatisfy { $0.retryDelay == nil })
        let waits = events.values.compactMap(\.retryWait)
        #expect(waits.map(\.retry) == [1])
        #expect(waits.first?.methodID == nil && waits.first?.status == 503)
        for entry in attempts {
            #expect(entry.url.contains("pageSize=5"))
            #expect(entry.url.contains("key=REDACTED"))
            #expect(entry.url.contains("access_token=REDACTED"))
            #expect(entry.method == .get)
            #expect(entry.requestHeaders.contains { $0.name == "Cookie" && $0.value == "REDACTED" })
            #expect(entry.requestHeaders.contains { $0.name == "X-Goog-Api-Key" && $0.value == "REDACTED" })
            #expect(!entry.responseHeaders.isEmpty)
        }
        for entry in entries.values {
            let shown = "\(entry) \(entry.requestHeaders) \(entry.responseHeaders) \(entry.url)"
            for secret in ["AIzaSECRET", "COOKIESECRET", "AIzaHEADERSECRET", credentials.accessToken] {
                #expect(!shown.contains(secret))
            }
        }
    }

    @Test func loggerSeesTheRefreshAfterA401AndTheBearerHeaderRedacted() async throws {
        let entries = Recorder<RequestLogEntry>()
        let backend = try Self.flakyBackend([], hits: Recorder())
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.logRequests { entries.append($0) }
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        _ = try await session.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/flaky")), idempotent: true)
        backend.oauth.expireAccessTokens()
        _ = try await session.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/flaky")), idempotent: true)
        let kinds = entries.values.map(\.kind)
        #expect(kinds.filter { $0 == .accessToken }.count == 2, "\(kinds)")
        let attempts = entries.values.filter { $0.kind == .request }
        #expect(attempts.map(\.status) == [200, 401, 200])
        for entry in attempts {
            #expect(entry.requestHeaders.contains { $0.name == "Authorization" && $0.value == "Bearer REDACTED" })
        }
        // The session's logger reached the OAuthClient it refreshes with: the refresh request
        // itself is logged, between the 401 and the retry.
        #expect(kinds == [.accessToken, .request, .request, .tokenRefresh, .accessToken, .request], "\(kinds)")
        let refresh = try #require(entries.values.first { $0.kind == .tokenRefresh })
        #expect(refresh.status == 200)
        #expect(refresh.url == backend.refresher.configuration.endpoints.token.absoluteString)
        let fresh = try await session.validCredentials().accessToken
        let secrets = [credentials.accessToken, credentials.refreshToken ?? "", fresh, OAuthEmulator.Client.testDesktopClient.secret ?? ""]
        for entry in entries.values {
            let shown = "\(entry) \(entry.requestHeaders) \(entry.responseHeaders) \(entry.error ?? "")"
            #expect(secrets.allSatisfy { $0.isEmpty || !shown.contains($0) }, "\(shown)")
        }
    }

    @Test func retryAfterParsing() {
        #expect(RetryAfter.delay(from: ["Retry-After": "120"]) == .seconds(120))
        #expect(RetryAfter.delay(from: ["Retry-After": "soon"]) == nil)
        let now = Date(timeIntervalSince1970: 784_111_767)  // Sun, 06 Nov 1994 08:49:27 GMT
        #expect(RetryAfter.delay(from: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now) == .seconds(10))
        #expect(RetryAfter.delay(from: ["Retry-After": "Sunday, 06-Nov-94 08:49:37 GMT"], now: now) == .seconds(10))
    }
}
