import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GoogleAPIRuntime

/// The end-of-body signal middleware registers for (`GoogleMiddlewareResponse.onBodyEnd`), over
/// an in-memory transport whose streamed bodies are scripted chunk by chunk.
@Suite("GoogleResponseBodyEnd: a streamed body's end, failure or abandonment, reported once")
struct GoogleResponseBodyEndTests {
    /// What a scripted body does after its chunks.
    enum Ending: Sendable {
        case end
        case fail
        /// Waits (cancellably) for a chunk that never comes.
        case hang
    }

    /// Streams `chunks` then `ending`; `send` answers with the chunks joined.
    final class ScriptedTransport: HTTPTransport {
        let chunks: [Data]
        let ending: Ending

        init(chunks: [Data], ending: Ending = .end) {
            self.chunks = chunks
            self.ending = ending
        }

        func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse {
            GoogleHTTPResponse(status: 200, headers: [:], body: chunks.reduce(Data(), +))
        }

        func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead {
            let response = try await send(request)
            try response.body.write(to: file)
            return response.head
        }

        func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse {
            let remaining = Mutex(chunks)
            let ending = ending
            let url = request.url
            return HTTPStreamingResponse(
                head: GoogleHTTPResponseHead(status: 200, headers: [:]),
                body: HTTPResponseBody {
                    if let chunk = remaining.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return chunk }
                    switch ending {
                    case .end: return nil
                    case .fail: throw HTTPTransportError(kind: .connectionClosed, url: url, message: "dropped")
                    case .hang:
                        try await Task.sleep(for: .seconds(3600))
                        return nil
                    }
                })
        }
    }

    /// Registers for the body's end of every response it sees and records it as
    /// `<name> <outcome> <bytes>`; keeps each response it saw.
    struct EndRecorder: GoogleMiddleware {
        let name: String
        let log: Recorder<String>
        let kept: Recorder<GoogleMiddlewareResponse>

        init(_ name: String, log: Recorder<String>, kept: Recorder<GoogleMiddlewareResponse> = Recorder()) {
            self.name = name
            self.log = log
            self.kept = kept
        }

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            let response = try await next(request)
            kept.append(response)
            log.append("\(name) returned streams=\(response.bodyStreams)")
            response.onBodyEnd { [name, log] end in log.append("\(name) \(end.outcome) \(end.bytes)") }
            return response
        }
    }

    private static let chunks = [Data(repeating: 1, count: 1000), Data(repeating: 2, count: 500), Data(repeating: 3, count: 24)]

    private static func session(
        _ transport: ScriptedTransport, log: Recorder<String>, kept: Recorder<GoogleMiddlewareResponse> = Recorder()
    )
        -> AuthorizedSession
    {
        var configuration = AuthorizedSession.Configuration()
        configuration.trustedTokenOrigins = [URL(string: "https://api.test/")!]
        configuration.callMiddleware = [EndRecorder("call", log: log, kept: kept)]
        configuration.attemptMiddleware = [EndRecorder("attempt", log: log, kept: kept)]
        return AuthorizedSession(credentials: CountingCredentials(), transport: transport, configuration: configuration)
    }

    @Test("a streamed body read to its end is reported after its last byte, with its size, at both levels")
    func completedAfterTheLastByte() async throws {
        let log = Recorder<String>()
        let session = Self.session(ScriptedTransport(chunks: Self.chunks), log: log)
        let response = try await session.stream(GoogleHTTPRequest(url: stageURL), methodID: "test.get")
        #expect(log.values == ["attempt returned streams=true", "call returned streams=true"])
        var iterator = response.body.makeAsyncIterator()
        var read = 0
        while let chunk = try await iterator.next() {
            read += chunk.count
            log.append("read \(read)")
        }
        #expect(
            log.values == [
                "attempt returned streams=true", "call returned streams=true", "read 1000", "read 1500", "read 1524",
                "attempt completed 1524", "call completed 1524",
            ])
        // Reading on past the end, or releasing the body, reports nothing more.
        #expect(try await iterator.next() == nil)
        #expect(log.count == 7)
    }

    @Test("a body whose transfer fails part way is reported failed, with the error and the bytes before it")
    func failedMidBody() async throws {
        let log = Recorder<String>()
        let ends = Recorder<GoogleResponseBodyEnd>()
        var configuration = AuthorizedSession.Configuration()
        configuration.trustedTokenOrigins = [URL(string: "https://api.test/")!]
        configuration.attemptMiddleware = [EndRecorder("attempt", log: log), Ends(ends: ends)]
        let session = AuthorizedSession(
            credentials: CountingCredentials(), transport: ScriptedTransport(chunks: Self.chunks, ending: .fail),
            configuration: configuration)
        let response = try await session.stream(GoogleHTTPRequest(url: stageURL))
        await #expect(throws: HTTPTransportError.self) {
            for try await _ in response.body {}
        }
        #expect(log.values.last == "attempt failed 1524")
        #expect((ends.values.first?.error as? HTTPTransportError)?.kind == .connectionClosed)
        #expect(ends.count == 1)
    }

    /// Keeps every body end it is told.
    struct Ends: GoogleMiddleware {
        let ends: Recorder<GoogleResponseBodyEnd>
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            let response = try await next(request)
            response.onBodyEnd { ends.append($0) }
            return response
        }
    }

    @Test("a body its reader drops part way is reported abandoned once, though middleware keeps the response")
    func abandonedWhenDropped() async throws {
        let log = Recorder<String>()
        let kept = Recorder<GoogleMiddlewareResponse>()
        let session = Self.session(ScriptedTransport(chunks: Self.chunks), log: log, kept: kept)
        do {
            let response = try await session.stream(GoogleHTTPRequest(url: stageURL))
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
            #expect(!log.values.contains { $0.contains("abandoned") })
        }
        // The responses middleware kept hold no body: releasing the reader's ended it.
        #expect(kept.count == 2)
        #expect(log.values.suffix(2) == ["attempt abandoned 1000", "call abandoned 1000"])
        #expect(log.values.filter { $0.contains("abandoned") }.count == 2)
        // A handler registered after the end is told at once.
        let late = Recorder<GoogleResponseBodyEnd.Outcome>()
        kept.values[0].onBodyEnd { late.append($0.outcome) }
        #expect(late.values == [.abandoned])
    }

    @Test("a reader cancelled while it waits for bytes ends the body as abandoned, reported once")
    func abandonedWhenCancelled() async throws {
        let log = Recorder<String>()
        let ends = Recorder<GoogleResponseBodyEnd>()
        var configuration = AuthorizedSession.Configuration()
        configuration.trustedTokenOrigins = [URL(string: "https://api.test/")!]
        configuration.attemptMiddleware = [EndRecorder("attempt", log: log), Ends(ends: ends)]
        let session = AuthorizedSession(
            credentials: CountingCredentials(), transport: ScriptedTransport(chunks: Self.chunks, ending: .hang),
            configuration: configuration)
        let response = try await session.stream(GoogleHTTPRequest(url: stageURL))
        let reader = Task {
            var bytes = 0
            for try await chunk in response.body { bytes += chunk.count }
            return bytes
        }
        #expect(await waitUntil { log.values.contains { $0.hasSuffix("returned streams=true") } })
        reader.cancel()
        await #expect(throws: CancellationError.self) { _ = try await reader.value }
        #expect(await waitUntil { ends.count == 1 })
        #expect(ends.values.first?.outcome == .abandoned && ends.values.first?.bytes == 1524)
        #expect(log.values.filter { $0.hasPrefix("attempt abandoned") }.count == 1)
    }

    @Test("a response read whole before next returned reports its end at once, with its size")
    func readWholeIsAlreadyEnded() async throws {
        let log = Recorder<String>()
        let session = Self.session(ScriptedTransport(chunks: Self.chunks), log: log)
        let started = ContinuousClock.now
        let ends = Recorder<GoogleResponseBodyEnd>()
        _ = try await session.send(GoogleHTTPRequest(url: stageURL), idempotent: true, attemptMiddleware: [Ends(ends: ends)])
        #expect(
            log.values == [
                "attempt returned streams=false", "attempt completed 1524", "call returned streams=false", "call completed 1524",
            ])
        #expect(ends.count == 1 && ends.values[0].time >= started && ends.values[0].time <= ContinuousClock.now)
    }
}
