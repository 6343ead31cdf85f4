import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Synchronization
import Testing

/// Every wait before a retry is reported to the observers (`retryWaits`), with its reason, retry number and
/// delay, before the wait starts.
@Suite("AuthorizedSession: waits are reported")
struct RetryWaitTests {
    @Test("429 with a Google reason, then 503 with Retry-After, then success")
    func reportsEachWait() async throws {
        let attempts = Atomic<Int>(0)
        let backend = try TestBackend { router, oauth in
            router.get("/api/flaky") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                switch attempts.add(1, ordering: .relaxed).newValue {
                case 1:
                    return .json(
                        Data(#"{"error":{"code":429,"message":"slow down","errors":[{"reason":"rateLimitExceeded"}]}}"#.utf8), status: 429)
                case 2:
                    var response = HTTPServerResponse.text("busy", status: 503)
                    response.headers["Retry-After"] = "3"
                    return response
                default:
                    return .json(Data(#"{"ok":true}"#.utf8))
                }
            }
        }
        let waits = Mutex<[RetryWait]>([])
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry.maxAttempts = 5
        configuration.retry.maxDelay = .seconds(32)
        configuration.observers.append(.retryWaits { wait in waits.withLock { $0.append(wait) } })
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        var components = URLComponents(url: backend.baseURL.appendingPathComponent("api/flaky"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: "SECRET-KEY")]
        let response = try await session.send(GoogleHTTPRequest(url: components.url!), idempotent: true)
        #expect(response.status == 200)
        let reported = waits.withLock { $0 }
        #expect(reported.count == 2)
        #expect(reported.first?.reason == "429 rate limit exceeded")
        #expect(reported.first?.retry == 1)
        #expect(reported.first?.maxRetries == 4)
        #expect(reported.last?.reason == "503 service unavailable")
        #expect(reported.last?.delay == .seconds(3))
        #expect(reported.last?.description == "waiting 3.0 s before retry 2 of 4 (503 service unavailable)")
        #expect(reported.allSatisfy { !$0.url.contains("SECRET") })
    }

    @Test("a long wait reads in whole seconds")
    func description() {
        let wait = RetryWait(
            method: .get, url: "https://example.invalid/", reason: "429 rate limit exceeded", status: 429, retry: 2,
            maxRetries: 4, delay: .seconds(32))
        #expect(wait.description == "waiting 32 s before retry 2 of 4 (429 rate limit exceeded)")
    }
}
