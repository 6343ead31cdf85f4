import Foundation
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - Connection reuse and concurrency

/// The kernel's name for the calling thread.
private func currentThreadName() -> String {
    #if os(Linux)
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return name.trimmingCharacters(in: .whitespacesAndNewlines)
    #else
    return Thread.current.name ?? ""
    #endif
}

@Suite("CurlTransport connections")
struct CurlTransportConnectionTests {
    @Test("100 sequential requests share one keep-alive connection")
    func sequentialReuse() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        var connectionIDs = Set<String>()
        for index in 0..<100 {
            let body = Data("request \(index)".utf8)
            let response = try await transport.send(GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .data(body)))
            #expect(response.body == body)
            connectionIDs.insert(response.headers["X-Echo-Connection"] ?? "?")
        }
        #expect(connectionIDs.count == 1)
        #expect(server.server.connectionsAccepted == 1)
    }

    #if os(Linux)
    @Test("requests with in-memory bodies start on the caller's thread; file bodies go through the curl thread")
    func callerStart() async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = CurlTransport()
        for index in 0..<20 {
            let body = Data("request \(index)".utf8)
            let response = try await transport.send(GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .data(body)))
            #expect(response.body == body)
        }
        // Each start that finds the curl thread still finishing its round goes through its queue
        // instead, so not all 20 need to have started here; none would without the socket API.
        let started = transport.requestsStartedOnCaller
        #expect(started > 0)
        let file = directory.file("body")
        try Data("from a file".utf8).write(to: file)
        let response = try await transport.send(GoogleHTTPRequest(method: .put, url: server.url("/echo"), body: .file(file)))
        #expect(response.body == Data("from a file".utf8))
        #expect(transport.requestsStartedOnCaller == started, "a file body is read by the curl thread")
        #expect(server.server.connectionsAccepted == 1)
    }
    #endif

    @Test("a task pinned to the transport's executor runs requests on the curl thread")
    func executorPreference() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let threadNames = try await withTaskExecutorPreference(transport.executor) {
            var names = Set<String>()
            for _ in 0..<20 {
                let response = try await transport.send(GoogleHTTPRequest(url: server.url("/echo")))
                #expect(response.status == 200)
                names.insert(currentThreadName())
            }
            return names
        }
        #expect(threadNames == ["CurlTransport"])
        #expect(server.server.connectionsAccepted == 1)
    }

    @Test("100 concurrent requests all complete with their own bodies")
    func concurrentRequests() async throws {
        let server = try TransportTestServer()
        var configuration = HTTPTransportConfiguration()
        configuration.maxConnectionsPerHost = 8
        let transport = CurlTransport(configuration: configuration)
        let matches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let body = TestPattern.data(offset: Int64(index), count: 1000 + index)
                    let response = try await transport.send(GoogleHTTPRequest(method: .put, url: server.url("/echo"), body: .data(body)))
                    return response.status == 200 && response.body == body
                }
            }
            return try await group.reduce(into: 0) { count, matched in count += matched ? 1 : 0 }
        }
        #expect(matches == 100)
        #expect(server.server.connectionsAccepted <= 8)
    }

    @Test("dropping a streamed body before its end aborts the transfer")
    func droppedBodyAborts() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        do {
            let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(256 << 20)")))
            var iterator = response.body.makeAsyncIterator()
            _ = try await iterator.next()
        }
        // An aborted transfer's connection cannot be reused, so curl closes it. (Were the transfer
        // not aborted, the server would go on streaming 256 MiB into a reader nobody drains.)
        #expect(await waitUntil(.seconds(120)) { server.server.openConnections == 0 })
    }

    @Test("a streamed body keeps its transport alive after the caller drops it")
    func releasedTransport() async throws {
        let server = try TransportTestServer()
        var transport: CurlTransport? = CurlTransport()
        let response = try await transport?.stream(GoogleHTTPRequest(url: server.url("/bytes/\(64 << 20)")))
        transport = nil
        var received = 0
        for try await chunk in try #require(response).body { received += chunk.count }
        // The stream keeps its transport alive, so the body still arrives whole.
        #expect(received == 64 << 20)
    }
}
