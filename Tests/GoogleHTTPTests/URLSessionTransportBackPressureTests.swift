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
}
