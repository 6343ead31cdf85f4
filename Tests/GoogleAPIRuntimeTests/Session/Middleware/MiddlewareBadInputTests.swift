import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

/// Middleware that hangs, is cancelled, throws while holding a response, or returns a response
/// that is not the one it was given: each ends the call with a typed error naming it, and no
/// transfer is left running.
@Suite("GoogleMiddleware bad input: hangs, cancellation, dropped and foreign responses")
struct MiddlewareBadInputTests {
    /// Waits an hour before (or after) calling `next`, marking when it started waiting.
    struct Hanging: GoogleMiddleware {
        let afterNext: Bool
        let waiting: Recorder<Int>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            let response = afterNext ? try await next(request) : nil
            waiting.append(1)
            try await Task.sleep(for: .seconds(3600))
            if let response { return response }
            return try await next(request)
        }
    }

    @Test("a middleware still running when the call's timeout passes ends the call as timedOut, naming it", arguments: [false, true])
    func hangingPastTheTimeout(callLevel: Bool) async throws {
        let transport = InMemoryTransport(statuses: [])
        let waiting = Recorder<Int>()
        let session = stageSession(transport) {
            if callLevel {
                $0.callMiddleware = [Hanging(afterNext: false, waiting: waiting)]
            } else {
                $0.attemptMiddleware = [Hanging(afterNext: false, waiting: waiting)]
            }
        }
        var request = GoogleHTTPRequest(url: stageURL)
        request.timeouts = HTTPTimeouts(connect: nil, request: .milliseconds(200), stall: nil)
        let error = await #expect(throws: GoogleMiddlewareError.self) {
            _ = try await session.send(request, idempotent: true)
        }
        #expect(error?.failure == .timedOut && error?.middleware == "Hanging")
        #expect(error?.level == (callLevel ? .call : .attempt))
        #expect(transport.requests.count == 0)
    }

    @Test(
        "without a per-call timeout, the retry policy's total time bounds a hanging middleware: timedOut, naming it",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func hangingWithoutACallTimeout(callLevel: Bool) async throws {
        let transport = InMemoryTransport(statuses: [])
        let waiting = Recorder<Int>()
        let session = stageSession(transport) {
            $0.retry.maxTotalTime = .milliseconds(200)
            if callLevel {
                $0.callMiddleware = [Hanging(afterNext: true, waiting: waiting)]
            } else {
                $0.attemptMiddleware = [Hanging(afterNext: true, waiting: waiting)]
            }
        }
        // No `timeouts` on the request.
        let error = await #expect(throws: GoogleMiddlewareError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true)
        }
        #expect(error?.failure == .timedOut && error?.middleware == "Hanging")
        #expect(error?.level == (callLevel ? .call : .attempt))
        #expect(transport.requests.count == 1 && waiting.count == 1)
    }

    @Test("the time inside next does not count against a middleware; only its own does")
    func nextTimeIsNotTheMiddlewares() async throws {
        let transport = InMemoryTransport { _, _ in
            // Slower than the timeout period, as retries and waits can be.
            try await Task.sleep(for: .milliseconds(600))
            return GoogleHTTPResponse(status: 200, headers: [:], body: Data("{}".utf8))
        }
        let log = Recorder<String>()
        let session = stageSession(transport) { $0.callMiddleware = [GoogleMiddlewareTests.Tracing(name: "c", log: log)] }
        var request = GoogleHTTPRequest(url: stageURL)
        request.timeouts = HTTPTimeouts(connect: nil, request: .milliseconds(100), stall: nil)
        #expect(try await session.send(request, idempotent: true).status == 200)
    }

    /// An endless streamed body whose server side notices when the client left.
    private static func endlessBackend(probe: BodyProbe) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.get("/api/endless") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                return .streaming(ScriptedBody([.keepAliveForever(Data("[".utf8), interval: .milliseconds(20))], probe: probe))
            }
        }
    }

    @Test("a middleware hanging on a streaming response it holds: the call times out and the transfer ends", arguments: [false, true])
    func hangingWithAStreamingResponse(callLevel: Bool) async throws {
        let probe = BodyProbe()
        let backend = try Self.endlessBackend(probe: probe)
        let waiting = Recorder<Int>()
        var configuration = AuthorizedSession.Configuration.fastTests
        if callLevel {
            configuration.callMiddleware = [Hanging(afterNext: true, waiting: waiting)]
        } else {
            configuration.attemptMiddleware = [Hanging(afterNext: true, waiting: waiting)]
        }
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        var request = GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/endless"))
        request.timeouts = HTTPTimeouts(connect: nil, request: .seconds(3), stall: nil)
        let error = await #expect(throws: GoogleMiddlewareError.self) {
            _ = try await session.stream(request)
        }
        #expect(error?.failure == .timedOut && error?.middleware == "Hanging")
        #expect(waiting.count == 1)
        // The response the middleware held was released: the server saw the client leave.
        #expect(await waitUntil(.seconds(120)) { probe.released })
    }

    /// Throws after `next` returned, dropping the response.
    struct ThrowingAfterNext: GoogleMiddleware {
        struct Failure: Error {}
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            _ = try await next(request)
            throw Failure()
        }
    }

    @Test("a middleware throwing while it holds a streaming response: the typed error, and the transfer ends")
    func throwingWithAStreamingResponse() async throws {
        let probe = BodyProbe()
        let backend = try Self.endlessBackend(probe: probe)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.attemptMiddleware = [ThrowingAfterNext()]
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        let error = await #expect(throws: GoogleMiddlewareError.self) {
            _ = try await session.stream(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/endless")))
        }
        #expect(error?.failure == .threw && error?.underlying is ThrowingAfterNext.Failure)
        #expect(await waitUntil(.seconds(120)) { probe.released })
    }

    @Test("a middleware cancelled with its call ends it with the typed error naming it, and nothing is sent")
    func cancelledMiddleware() async throws {
        let transport = InMemoryTransport(statuses: [])
        let waiting = Recorder<Int>()
        let session = stageSession(transport) { $0.attemptMiddleware = [Hanging(afterNext: false, waiting: waiting)] }
        let task = Task { try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true) }
        #expect(await waitUntil(.seconds(120)) { waiting.count == 1 })
        task.cancel()
        let error = await #expect(throws: GoogleMiddlewareError.self) { _ = try await task.value }
        #expect(error?.failure == .threw && error?.underlying is CancellationError && error?.middleware == "Hanging")
        #expect(transport.requests.count == 0)
    }

    /// Keeps the first attempt's response and returns it from the call level.
    final class Stash: Sendable {
        let response = Mutex<GoogleMiddlewareResponse?>(nil)
    }

    struct Keeping: GoogleMiddleware {
        let stash: Stash
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            let response = try await next(request)
            stash.response.withLock { $0 = $0 ?? response }
            return response
        }
    }

    struct Returning: GoogleMiddleware {
        let stash: Stash
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            _ = try await next(request)
            return stash.response.withLock { $0 }!
        }
    }

    @Test("a response next did not give the middleware for this call is refused with a typed error")
    func foreignResponse() async throws {
        let transport = InMemoryTransport(statuses: [])
        let stash = Stash()
        let session = stageSession(transport) {
            $0.attemptMiddleware = [Keeping(stash: stash)]
            $0.callMiddleware = [Returning(stash: stash)]
        }
        let error = await #expect(throws: GoogleMiddlewareError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true)
        }
        #expect(error?.failure == .foreignResponse && error?.level == .call && error?.middleware == "Returning")
    }

    /// Sets a task-local around the call; observers and middleware read it.
    enum Trace {
        @TaskLocal static var id: String?
    }

    @Test("events reach observers on the calling task: a task-local set around the call is seen by every event")
    func eventsOnTheCallingTask() async throws {
        let transport = InMemoryTransport(statuses: [(503, [:], ""), (401, [:], "")])
        let seen = Recorder<String>()
        let session = stageSession(transport) { $0.observers = [.events { seen.append("\($0.kind) \(Trace.id ?? "none")") }] }
        _ = try await Trace.$id.withValue("call-7") {
            try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true)
        }
        #expect(
            seen.values == [
                "tokenRefreshed call-7", "retryScheduled call-7", "refreshAfterUnauthorized call-7", "tokenRefreshed call-7",
            ])
    }
}
