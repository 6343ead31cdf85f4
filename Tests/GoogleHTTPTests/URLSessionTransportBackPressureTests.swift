import Foundation
import GoogleHTTP
import Testing

// MARK: - URLSession back-pressure on Linux

@Suite("URLSessionTransport streams with a slow consumer")
struct URLSessionTransportBackPressureTests {
    /// With FoundationNetworking, suspending a task for a slow consumer and resuming it when the
    /// consumer catches up stopped the process now and then: `suspend()` has
    /// `_NativeProtocol.stopLoading()` run later on the work queue, which, finding the task
    /// running again with no error, calls `fatalError()` (one run in three of a single such
    /// stream, and a full suite); and a body resumed that way arrived with bytes repeated (up to
    /// 11 MB for 8). There the transport does not suspend tasks; each round here is that
    /// suspend-then-resume, so before, rounds got too many bytes, or the test process crashed.
    @Test("a slow consumer of a streamed body, again and again, gets every byte")
    func slowConsumerRounds() async throws {
        let server = try TransportTestServer()
        let transport = URLSessionTransport(configuration: HTTPTransportConfiguration(streamBufferBytes: 64 << 10))
        let size = 4 << 20
        for _ in 0..<40 {
            let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(size)")))
            var iterator = response.body.makeAsyncIterator()
            var received = try await iterator.next()?.count ?? 0
            // Behind: the buffer fills while the consumer sleeps, then each read drains it.
            try await Task.sleep(for: .milliseconds(50))
            while let chunk = try await iterator.next() {
                received += chunk.count
            }
            #expect(received == size)
        }
    }

    /// Without suspension, what waits for the consumer is still bounded: a consumer that stops
    /// reading gets the body's end as an error once 64 times the buffer would wait, instead of
    /// the whole body held in memory (before, all 16 MiB waited and were delivered).
    @Test("a consumer that stops reading ends the stream with responseBodyFailed, not unbounded memory")
    func consumerFarBehindFails() async throws {
        let server = try TransportTestServer()
        let transport = URLSessionTransport(configuration: HTTPTransportConfiguration(streamBufferBytes: 16 << 10))
        let size = 16 << 20
        let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(size)")))
        var iterator = response.body.makeAsyncIterator()
        var received = 0
        // Loopback brings far more than the 1 MiB ceiling while the consumer sleeps.
        try await Task.sleep(for: .seconds(2))
        let error = await #expect(throws: HTTPTransportError.self) {
            while let chunk = try await iterator.next() { received += chunk.count }
        }
        #expect(error?.kind == .responseBodyFailed)
        #expect(received < size)
    }
}
