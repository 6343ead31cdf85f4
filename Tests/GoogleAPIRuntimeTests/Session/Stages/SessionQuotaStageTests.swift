import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GoogleAPIRuntime

/// The quota stage inside a whole session over an in-memory transport: charges per attempt,
/// refusal before sending, the server's 403 `quotaExceeded`, and the stages' order.
@Suite("SessionQuotaStage: charged per attempt, refused before sending, exhausted by the server's 403")
struct SessionQuotaStageTests {
    private static func ledger(_ directory: TemporaryDirectory, budget: Int) -> GoogleQuotaLedger {
        GoogleQuotaLedger(
            fileURL: directory.file("quota.json"), project: "p", dailyBudget: budget,
            pricing: GoogleQuotaPricing { $0 == "test.call" ? .init(method: "call", units: 10) : nil })
    }

    @Test("each attempt is charged; a call past the budget is refused before anything is sent")
    func chargedAndRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let ledger = Self.ledger(directory, budget: 30)
        let transport = InMemoryTransport(statuses: [(503, [:], "")])
        let session = stageSession(transport) { $0.quotaLedger = ledger }
        _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        #expect(try await ledger.status().spent == 20)
        _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        let error = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        }
        #expect(error?.reportedByServer == false && error?.unitsLeft == 0)
        #expect(transport.requests.count == 3)
        // A method the pricing does not know passes uncounted.
        _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "other.call")
        #expect(transport.requests.count == 4)
    }

    @Test("the server's 403 quotaExceeded is the typed error, not retried, and the ledger refuses every later call")
    func exhaustedByTheServer() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let ledger = Self.ledger(directory, budget: 1000)
        let body = #"{"error":{"code":403,"errors":[{"domain":"usageLimits","reason":"quotaExceeded"}]}}"#
        let transport = InMemoryTransport(statuses: [(403, [:], body)])
        let session = stageSession(transport) {
            $0.quotaLedger = ledger
            $0.retry.retryableForbiddenReasons.insert("quotaExceeded")
        }
        let error = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        }
        #expect(error?.reportedByServer == true && error?.method == "call")
        #expect(transport.requests.count == 1)
        #expect(try await ledger.status().exhausted)
        await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        }
        #expect(transport.requests.count == 1)
    }

    /// Logs `name>` and `<name`.
    struct Marking: GoogleMiddleware {
        let name: String
        let log: Recorder<String>
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            log.append("\(name)>")
            defer { log.append("<\(name)") }
            return try await next(request)
        }
    }

    @Test("the stages run in the documented order: call middleware, quota, retry; credentials, attempt middleware, transport")
    func documentedOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let log = Recorder<String>()
        let transport = InMemoryTransport { _, index in
            log.append("transport")
            return GoogleHTTPResponse(status: index == 0 ? 503 : 200, headers: [:], body: Data())
        }
        let session = stageSession(transport) {
            $0.quotaLedger = Self.ledger(directory, budget: 1000)
            $0.callMiddleware = [Marking(name: "call", log: log)]
            $0.attemptMiddleware = [Marking(name: "attempt", log: log)]
            $0.observers = [.events { log.append($0.kind.rawValue) }]
        }
        _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call")
        #expect(
            log.values == [
                "call>",
                "quotaCharged", "tokenRefreshed", "attempt>", "transport", "<attempt", "retryScheduled",
                "quotaCharged", "attempt>", "transport", "<attempt",
                "<call",
            ])
    }

    @Test("a call cancelled while the transport works ends with CancellationError, after one charge")
    func cancelledInTheTransport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let ledger = Self.ledger(directory, budget: 1000)
        let transport = InMemoryTransport { _, _ in
            try await Task.sleep(for: .seconds(3600))
            return GoogleHTTPResponse(status: 200, headers: [:], body: Data())
        }
        let session = stageSession(transport) { $0.quotaLedger = ledger }
        let task = Task { try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, methodID: "test.call") }
        #expect(await waitUntil(.seconds(120)) { transport.requests.count == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(try await ledger.status().spent == 10)
    }
}
