import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

// MARK: - Failures, timeouts and cancellation

@Suite("CurlTransport failures")
struct CurlTransportFailureTests {
    @Test("a refused connection fails with connectionRefused")
    func refused() async throws {
        let closed = try ClosedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(GoogleHTTPRequest(url: url)) }
        #expect(error.kind == .connectionRefused)
        #expect(error.isTransient)
        withExtendedLifetime(closed) {}
    }

    @Test("TLS to a plain-HTTP server fails with tls")
    func tlsFailure() async throws {
        // Answers the ClientHello with plain-text HTTP and closes, as an HTTP server does.
        let responder = try RawResponder(reading: .firstChunk) { connection in
            connection.send("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        let url = try #require(URL(string: "https://127.0.0.1:\(responder.port)/"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(GoogleHTTPRequest(url: url)) }
        #expect(error.kind == .tls)
        #expect(!error.isTransient)
    }

    @Test("the server closing mid-body fails with connectionClosed", arguments: ["send", "download", "stream"])
    func closedMidBody(mode: String) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = CurlTransport()
        let request = GoogleHTTPRequest(url: server.url("/cut/5000"))
        let error = try await #require(throws: HTTPTransportError.self) {
            switch mode {
            case "send":
                _ = try await transport.send(request)
            case "download":
                _ = try await transport.download(request, to: directory.file("partial"))
            default:
                let response = try await transport.stream(request)
                for try await _ in response.body {}
            }
        }
        #expect(error.kind == .connectionClosed)
        if mode == "download" {
            // What arrived before the cut stays in the file.
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("partial").path)
            #expect((attributes[.size] as? NSNumber)?.intValue == 5000)
        }
    }

    @Test("a head that never comes fails with requestTimeout")
    func requestTimeout() async throws {
        let server = try TransportTestServer()
        let request = GoogleHTTPRequest(url: server.url("/delay-head/600000"), timeouts: HTTPTimeouts(request: .milliseconds(300)))
        let (error, elapsed) = await Self.timedFailure(CurlTransport()) { _ = try await $0.send(request) }
        #expect(error?.kind == .requestTimeout, "\(String(describing: error))")
        // The limit fired, not the head: that would only come after ten minutes. The bound also
        // fails a limit read in the wrong unit (300 s).
        #expect(elapsed < .seconds(120))
    }

    @Test("a body that trickles fails with stalled")
    func stalled() async throws {
        let server = try TransportTestServer()
        // The request limit is only a safety net should stall detection not fire; the limit is
        // below a second, which curl's own stall check (whole seconds) could not express.
        let timeouts = HTTPTimeouts(request: .seconds(60), stall: .milliseconds(400), stallMinimumBytesPerSecond: 1000)
        let request = GoogleHTTPRequest(url: server.url("/slow-body"), timeouts: timeouts)
        let (error, elapsed) = await Self.timedFailure(CurlTransport()) { _ = try await $0.send(request) }
        // The kind says stall detection fired (the request limit would say requestTimeout); the
        // time only rules out a hang.
        #expect(error?.kind == .stalled, "\(String(describing: error))")
        #expect(elapsed < .seconds(120))
    }

    @Test("a stall limit above a second fires for a request its caller started")
    func stalledAfterCallerStart() async throws {
        let server = try TransportTestServer()
        // Limits above a second let the calling task start the request itself (Linux); the loop
        // thread, asleep meanwhile, must still start checking the limit in time.
        let timeouts = HTTPTimeouts(request: .seconds(60), stall: .milliseconds(1500), stallMinimumBytesPerSecond: 1000)
        let request = GoogleHTTPRequest(url: server.url("/slow-body"), timeouts: timeouts)
        let transport = CurlTransport()
        let error = await #expect(throws: HTTPTransportError.self) { _ = try await transport.send(request) }
        #expect(error?.kind == .stalled, "\(String(describing: error))")
    }

    @Test("a connection that is never accepted fails with connectTimeout")
    func connectTimeout() async throws {
        let listener = try SaturatedListener()
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/"))
        // Were the connect limit ignored, the 8 s request limit would fire instead (another kind).
        let timeouts = HTTPTimeouts(connect: .milliseconds(300), request: .seconds(8))
        let (error, elapsed) = await Self.timedFailure(CurlTransport()) {
            _ = try await $0.send(GoogleHTTPRequest(url: url, timeouts: timeouts))
        }
        // The kind already says which limit fired; the time only rules out a hang.
        #expect(error?.kind == .connectTimeout, "\(String(describing: error))")
        #expect(elapsed < .seconds(120))
        withExtendedLifetime(listener) {}
    }

    /// Runs `body` with `transport` from the transport's own thread and returns the transport
    /// error it threw and how long that took. Timed there, the task resumes without waiting for a
    /// cooperative thread, so a loaded pool (which kept tests waiting 40 s) does not stretch the
    /// measurement; the generous bounds stay as a second margin.
    private static func timedFailure(
        _ transport: CurlTransport, _ body: @Sendable (CurlTransport) async throws -> Void
    ) async -> (error: HTTPTransportError?, elapsed: Duration) {
        await withTaskExecutorPreference(transport.executor) {
            let clock = ContinuousClock()
            let start = clock.now
            do {
                try await body(transport)
                return (nil, start.duration(to: clock.now))
            } catch {
                return (error as? HTTPTransportError, start.duration(to: clock.now))
            }
        }
    }

    @Test("cancelling the task aborts the transfer long before the server would answer", arguments: ["send", "stream-head", "stream-body"])
    func cancellation(mode: String) async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let headArrived = Flag()
        let task = Task { () -> HTTPTransportError.Kind? in
            do {
                switch mode {
                case "send":
                    _ = try await transport.send(GoogleHTTPRequest(url: server.url("/delay-head/600000")))
                case "stream-head":
                    _ = try await transport.stream(GoogleHTTPRequest(url: server.url("/delay-head/600000")))
                default:
                    let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/slow-body")))
                    headArrived.value.store(true, ordering: .relaxed)
                    for try await _ in response.body {}
                }
                return nil
            } catch let error as HTTPTransportError {
                return error.kind
            } catch {
                return .other
            }
        }
        // Cancel only once the transfer is under way (the server's handler runs; for the body,
        // the head has arrived): a fixed pause could end before this task's request even starts.
        let underWay = await waitUntil {
            server.slowRequestsStarted == 1 && (mode != "stream-body" || headArrived.value.load(ordering: .relaxed))
        }
        #expect(underWay, "the request never reached the server")
        // Timed from the transport's own thread, so the wait for the task's end is not stretched
        // by a loaded cooperative pool.
        let (kind, elapsed) = await withTaskExecutorPreference(transport.executor) {
            let clock = ContinuousClock()
            let cancelledAt = clock.now
            task.cancel()
            let kind = await task.value
            return (kind, cancelledAt.duration(to: clock.now))
        }
        #expect(kind == .cancelled)
        // The head would come after ten minutes and the slow body never ends.
        #expect(elapsed < .seconds(120))
    }

    @Test("an already cancelled task does not send")
    func cancelledBeforeStart() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(GoogleHTTPRequest(url: server.url("/echo")))
        }
        let error = try await #require(throws: HTTPTransportError.self) { try await task.value }
        #expect(error.kind == .cancelled)
    }
}

// MARK: - Helpers

/// A flag a test's tasks share.
private final class Flag: Sendable {
    let value = Atomic<Bool>(false)
}
