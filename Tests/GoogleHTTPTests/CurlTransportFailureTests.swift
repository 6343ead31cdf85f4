import Foundation
import GoogleHTTP
import LocalHTTPServer
import Testing

// MARK: - Failures, timeouts and cancellation

@Suite("CurlTransport failures")
struct CurlTransportFailureTests {
    @Test("a refused connection fails with connectionRefused")
    func refused() async throws {
        let port = try ClosedPort.make()
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(HTTPRequest(url: url)) }
        #expect(error.kind == .connectionRefused)
        #expect(error.isTransient)
    }

    @Test("TLS to a plain-HTTP server fails with tls")
    func tlsFailure() async throws {
        let responder = try PlainTextResponder()
        let url = try #require(URL(string: "https://127.0.0.1:\(responder.port)/"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(HTTPRequest(url: url)) }
        #expect(error.kind == .tls)
        #expect(!error.isTransient)
    }

    @Test("the server closing mid-body fails with connectionClosed", arguments: ["send", "download", "stream"])
    func closedMidBody(mode: String) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = CurlTransport()
        let request = HTTPRequest(url: server.url("/cut/5000"))
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
        let clock = ContinuousClock()
        let start = clock.now
        let request = HTTPRequest(url: server.url("/delay-head/60000"), timeouts: HTTPTimeouts(request: .milliseconds(300)))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .requestTimeout)
        // The limit fired, not the head: that would only come after 60 s. Generous, because a
        // loaded machine may delay the test itself.
        #expect(start.duration(to: clock.now) < .seconds(30))
    }

    @Test("a body that trickles fails with stalled")
    func stalled() async throws {
        let server = try TransportTestServer()
        let clock = ContinuousClock()
        let start = clock.now
        // The request limit is only a safety net should stall detection not fire; the limit is
        // below a second, which curl's own stall check (whole seconds) could not express.
        let timeouts = HTTPTimeouts(request: .seconds(60), stall: .milliseconds(400), stallMinimumBytesPerSecond: 1000)
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().send(HTTPRequest(url: server.url("/slow-body"), timeouts: timeouts))
        }
        #expect(error.kind == .stalled)
        #expect(start.duration(to: clock.now) < .seconds(30))
    }

    @Test("a connection that is never accepted fails with connectTimeout")
    func connectTimeout() async throws {
        let listener = try SaturatedListener()
        let url = try #require(URL(string: "http://127.0.0.1:\(listener.port)/"))
        // Were the connect limit ignored, the 8 s request limit would fire instead (another kind).
        let timeouts = HTTPTimeouts(connect: .milliseconds(300), request: .seconds(8))
        let clock = ContinuousClock()
        let start = clock.now
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().send(HTTPRequest(url: url, timeouts: timeouts))
        }
        // The kind already says which limit fired; the time only rules out a hang.
        #expect(error.kind == .connectTimeout)
        #expect(start.duration(to: clock.now) < .seconds(30))
    }

    @Test("cancelling the task aborts the transfer long before the server would answer", arguments: ["send", "stream-head", "stream-body"])
    func cancellation(mode: String) async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let task = Task { () -> HTTPTransportError.Kind? in
            do {
                switch mode {
                case "send":
                    _ = try await transport.send(HTTPRequest(url: server.url("/delay-head/60000")))
                case "stream-head":
                    _ = try await transport.stream(HTTPRequest(url: server.url("/delay-head/60000")))
                default:
                    let response = try await transport.stream(HTTPRequest(url: server.url("/slow-body")))
                    for try await _ in response.body {}
                }
                return nil
            } catch let error as HTTPTransportError {
                return error.kind
            } catch {
                return .other
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let kind = await task.value
        #expect(kind == .cancelled)
        // The head would come after 60 s and the slow body never ends; a loaded machine may delay
        // this task, but not by half a minute.
        #expect(cancelledAt.duration(to: clock.now) < .seconds(30))
    }

    @Test("an already cancelled task does not send")
    func cancelledBeforeStart() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(url: server.url("/echo")))
        }
        let error = try await #require(throws: HTTPTransportError.self) { try await task.value }
        #expect(error.kind == .cancelled)
    }
}
