import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GoogleAPIRuntime

/// The retry stage on its own: attempts are closures, waits are recorded.
@Suite("SessionRetryStage: retries, Retry-After, one classification, cancellation")
struct SessionRetryStageTests {
    private static func stage(
        _ policy: RetryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(100), maxDelay: .seconds(10)),
        waits: Recorder<Duration>, events: Recorder<GoogleSessionEvent> = Recorder()
    ) -> SessionRetryStage {
        SessionRetryStage(
            policy: policy, sleep: { waits.append($0) }, now: { Date() }, events: SessionEvents([GoogleEventHandler { events.append($0) }]))
    }

    private static func outcome(_ status: Int, headers: GoogleHTTPHeaders = [:], body: String = "", reads: Recorder<Int>? = nil)
        -> SessionAttempt<Int>
    {
        SessionAttempt(head: GoogleHTTPResponseHead(status: status, headers: headers), value: status) {
            reads?.append(1)
            return Data(body.utf8)
        }
    }

    private static let context = GoogleRequestContext(methodID: "test.call", idempotent: true)
    private static let request = GoogleHTTPRequest(url: stageURL)

    @Test("retryable statuses are repeated with the server's Retry-After, else jittered backoff, each wait announced first")
    func retriesWithRetryAfter() async throws {
        let waits = Recorder<Duration>()
        let events = Recorder<GoogleSessionEvent>()
        let script = [Self.outcome(503, headers: ["Retry-After": "2"]), Self.outcome(429), Self.outcome(200)]
        let seen = Recorder<Int>()
        let result = try await Self.stage(waits: waits, events: events).run(Self.request, context: Self.context) { context in
            seen.append(context.attempt)
            return script[context.attempt - 1]
        }
        #expect(result.value == 200 && result.attempt == 3)
        #expect(seen.values == [1, 2, 3])
        #expect(waits.values.first == .seconds(2))
        #expect(waits.values.count == 2 && waits.values[1] <= .milliseconds(200))
        #expect(events.values.map(\.kind) == [.retryScheduled, .retryScheduled])
        #expect(events.values.map { $0.retryWait?.status } == [503, 429])
        #expect(events.values.map { $0.context?.attempt } == [1, 2])
    }

    @Test("attempts stop at the policy's maximum, and a call that may not be repeated is sent once")
    func boundedAndIdempotentOnly() async throws {
        let waits = Recorder<Duration>()
        let count = Recorder<Int>()
        let last = try await Self.stage(waits: waits).run(Self.request, context: Self.context) { context in
            count.append(context.attempt)
            return Self.outcome(500)
        }
        #expect(last.value == 500 && count.count == 4 && waits.count == 3)

        let once = Recorder<Int>()
        var context = Self.context
        context.idempotent = false
        let single = try await Self.stage(waits: Recorder()).run(Self.request, context: context) { context in
            once.append(context.attempt)
            return Self.outcome(503)
        }
        #expect(single.value == 503 && once.count == 1)
    }

    @Test("transient transport errors are retried; others, and any for a call that may not be repeated, are thrown at once")
    func transportErrors() async throws {
        let waits = Recorder<Duration>()
        let count = Recorder<Int>()
        let result = try await Self.stage(waits: waits).run(Self.request, context: Self.context) { context in
            count.append(1)
            if context.attempt == 1 { throw HTTPTransportError(kind: .connectionClosed, url: stageURL, message: "reset") }
            return Self.outcome(200)
        }
        #expect(result.value == 200 && count.count == 2 && waits.count == 1)

        let tls = Recorder<Int>()
        await #expect(throws: HTTPTransportError.self) {
            _ = try await Self.stage(waits: Recorder()).run(Self.request, context: Self.context) { _ -> SessionAttempt<Int> in
                tls.append(1)
                throw HTTPTransportError(kind: .tls, url: stageURL, message: "bad certificate")
            }
        }
        #expect(tls.count == 1)
    }

    @Test("a 403 is retried by its Google reasons, the body read once for the decision and handed on")
    func forbiddenReasonsReadOnce() async throws {
        let reads = Recorder<Int>()
        let body = #"{"error":{"code":403,"errors":[{"reason":"insufficientPermissions"}]}}"#
        let result = try await Self.stage(waits: Recorder()).run(Self.request, context: Self.context) { _ in
            Self.outcome(403, body: body, reads: reads)
        }
        #expect(result.value == 403)
        #expect(reads.count == 1)
        #expect(result.errorBody?["error"]?["code"] == .number(403))

        let limited = #"{"error":{"code":403,"errors":[{"reason":"rateLimitExceeded"}]}}"#
        let limitedReads = Recorder<Int>()
        let events = Recorder<GoogleSessionEvent>()
        let retried = try await Self.stage(waits: Recorder(), events: events).run(Self.request, context: Self.context) { context in
            context.attempt == 1 ? Self.outcome(403, body: limited, reads: limitedReads) : Self.outcome(200)
        }
        #expect(retried.value == 200 && limitedReads.count == 1)
        #expect(events.values.first?.retryWait?.reason == "403 rate limit exceeded")
    }

    @Test("cancelled before an attempt, nothing is sent; cancelled during a wait, the wait ends the call")
    func cancellation() async throws {
        let count = Recorder<Int>()
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.stage(waits: Recorder()).run(Self.request, context: Self.context) { _ in
                count.append(1)
                return Self.outcome(200)
            }
        }
        await #expect(throws: CancellationError.self) { _ = try await early.value }

        let sleeping = SessionRetryStage(
            policy: RetryPolicy(maxAttempts: 3), sleep: { _ in try await Task.sleep(for: .seconds(3600)) }, now: { Date() },
            events: SessionEvents([]))
        let attempts = Recorder<Int>()
        let waiting = Task {
            try await sleeping.run(Self.request, context: Self.context) { _ in
                attempts.append(1)
                return Self.outcome(503)
            }
        }
        #expect(await waitUntil(.seconds(120)) { attempts.count == 1 })
        waiting.cancel()
        await #expect(throws: CancellationError.self) { _ = try await waiting.value }
        #expect(attempts.count == 1)
        #expect(count.count == 0)
    }
}

// MARK: - Waits of transfers that repeat outside the stage

extension SessionRetryStageTests {
    @Test("a transfer's wait follows the policy's rule (Retry-After capped) and is announced like the stage's own, with the method ID")
    func transferWaitsThroughTheStage() async throws {
        let waits = Recorder<Duration>()
        let events = Recorder<GoogleSessionEvent>()
        let stage = Self.stage(
            RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(1)), waits: waits, events: events)
        let context = GoogleRequestContext(methodID: "drive.files.create", attempt: 2, idempotent: true)
        let waited = try await stage.waitBeforeRepeating(
            Self.request, context: context, retryAfter: .seconds(40), elapsed: .zero, status: 503, reason: "503 service unavailable")
        #expect(waited && waits.values == [.seconds(1)])
        let event = try #require(events.values.first)
        #expect(event.kind == .retryScheduled && event.context == context)
        #expect(event.retryWait?.methodID == "drive.files.create" && event.retryWait?.retry == 2 && event.retryWait?.status == 503)
        #expect(event.retryWait?.delay == .seconds(1) && event.retryWait?.maxRetries == 2)

        // The policy's attempts are used up: no wait, no event.
        let spent = try await stage.waitBeforeRepeating(
            Self.request, context: GoogleRequestContext(methodID: "drive.files.create", attempt: 3, idempotent: true), retryAfter: nil,
            elapsed: .zero, status: nil, reason: "connection closed")
        #expect(!spent && waits.count == 1 && events.count == 1)
    }
}
