import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

// MARK: - HTTPTransportConformanceTests

/// What every transport promises, run against each (``TransportUnderTest``): bodies in and out,
/// the shared response checks (limits, framing, header floods, gzip bombs), time limits,
/// cancellation, interim answers, gzip and concurrency. The libcurl transport's own suites go
/// deeper into its machinery; this one holds both to the same contract.
@Suite("HTTPTransport conformance")
struct HTTPTransportConformanceTests {
    static let all = TransportUnderTest.allCases

    // MARK: Bodies

    @Test("a body arrives whole in memory, in a file and as a stream", arguments: all)
    func bodies(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = kind.make()
        let size: Int64 = 3 << 20
        let request = GoogleHTTPRequest(url: server.url("/bytes/\(size)"))
        let buffered = try await transport.send(request)
        #expect(buffered.status == 200)
        #expect(buffered.body == TestPattern.data(offset: 0, count: Int(size)))
        let destination = directory.file("download")
        let head = try await transport.download(request, to: destination)
        #expect(head.status == 200)
        #expect(try TestPattern.fileMatches(destination, count: size))
        let streamed = try await transport.stream(request)
        var checksum = PatternChecksum()
        for try await chunk in streamed.body { checksum.add(chunk) }
        #expect(checksum.count == size)
        #expect(checksum.matchesPattern)
    }

    @Test("uploads from memory, a file slice, and streams of known and unknown length", arguments: all)
    func uploads(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = kind.make()
        let data = TestPattern.data(offset: 0, count: 200_000)
        let echoed = try await transport.send(GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .data(data)))
        #expect(echoed.body == data)
        guard !kind.skips(.streamedRequestBody) else { return }

        let file = try directory.patternFile("upload", count: 1 << 20)
        let slice = try await transport.send(
            GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .file(file, offset: 1000, length: 5000)))
        #expect(slice.body == TestPattern.data(offset: 1000, count: 5000))

        let wholeFile = try await transport.send(GoogleHTTPRequest(method: .put, url: server.url("/sink"), body: .file(file)))
        #expect(wholeFile.headers["X-Sink-Length"] == String(1 << 20))
        #expect(wholeFile.headers["X-Sink-Matches-Pattern"] == "yes")

        for length in [Int64(1 << 20), nil] {
            let body = HTTPBodyStream(PatternChunks(total: 1 << 20, chunkSize: 77_777))
            let response = try await transport.send(
                GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(body, length: length)))
            #expect(response.headers["X-Sink-Length"] == String(1 << 20), "length \(String(describing: length))")
            #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
            // Without a length the body goes chunked (and always through FoundationNetworking).
            #expect(response.headers["X-Sink-Chunked"] == (length == nil || kind.framesStreamedBodiesChunked ? "yes" : "no"))
        }
    }

    @Test("a caller's Expect: 100-continue gets the interim answer and then the response", arguments: all)
    func hundredContinue(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let body = TestPattern.data(offset: 0, count: 100_000)
        let request = GoogleHTTPRequest(
            method: .post, url: server.url("/sink"), headers: ["Expect": "100-continue"], body: .data(body))
        let response = try await kind.make().send(request)
        #expect(response.status == 200)
        #expect(response.headers["X-Sink-Expect"] == "100-continue")
        #expect(response.headers["X-Sink-Length"] == "100000")
    }

    @Test("redirects are handed back, not followed, unless the request asks", arguments: all)
    func redirects(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let transport = kind.make()
        let handedBack = try await transport.send(GoogleHTTPRequest(url: server.url("/redirect/1")))
        #expect((300..<400).contains(handedBack.status))
        #expect(handedBack.headers["Location"] != nil)
        var following = GoogleHTTPRequest(url: server.url("/redirect/2"))
        following.followRedirects = true
        let landed = try await transport.send(following)
        #expect(landed.status == 200)
        #expect(landed.headers["X-Echo-Target"] == "/echo")
    }

    // MARK: Limits and framing

    @Test("a body past the limit fails with responseTooLarge; downloads and streams are not limited", arguments: all)
    func bodyLimit(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let transport = kind.make(HTTPTransportConfiguration(maxResponseBodyBytes: 100_000))
        let fits = try await transport.send(GoogleHTTPRequest(url: server.url("/bytes/100000")))
        #expect(fits.body.count == 100_000)
        let error = try await #require(throws: HTTPTransportError.self) {
            try await transport.send(GoogleHTTPRequest(url: server.url("/bytes/\(4 << 20)")))
        }
        #expect(error.kind == .responseTooLarge)
        #expect(error.limit == 100_000)
        let streamed = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/200000")))
        #expect(try await streamed.body.collect().count == 200_000)
    }

    @Test("an endless gzip bomb stops at the limit, counted after decompression", arguments: all)
    func gzipBomb(transport kind: TransportUnderTest) async throws {
        guard !kind.skips(.cancelDuringDecompression) else { return }
        let server = try CurlTransportLimitTests.bombServer()
        var request = GoogleHTTPRequest(url: server.url("/bomb"))
        request.acceptsGzip = true
        request.maxResponseBodyBytes = 4 << 20
        let error = try await #require(throws: HTTPTransportError.self) { try await kind.make().send(request) }
        #expect(error.kind == .responseTooLarge)
        #expect(error.limit == 4 << 20)
    }

    @Test("an endless error body is cut at the error-body limit and returned", arguments: all)
    func errorBodyCut(transport kind: TransportUnderTest) async throws {
        let server = try CurlTransportLimitTests.endlessServer()
        let response = try await kind.make().send(GoogleHTTPRequest(url: server.url("/error-endless")))
        #expect(response.status == 500)
        #expect(response.body.count == HTTPTransportConfiguration.defaultMaxErrorBodyBytes)
    }

    @Test("conflicting Content-Length values fail with invalidResponse", arguments: all)
    func conflictingLengths(transport kind: TransportUnderTest) async throws {
        let server = try CurlTransportFramingTests.responder(
            head: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 7\r\nConnection: close\r\n\r\n", body: Array("hello!!".utf8))
        let error = try await #require(throws: HTTPTransportError.self) {
            try await kind.make().send(GoogleHTTPRequest(url: server.url("/x")))
        }
        #expect(error.kind == .invalidResponse)
    }

    @Test("a header flood fails with invalidResponse", arguments: all)
    func headerFlood(transport kind: TransportUnderTest) async throws {
        let fields = (0..<1500).map { "X-Flood-\($0): v\r\n" }.joined()
        let server = try CurlTransportFramingTests.responder(
            head: "HTTP/1.1 200 OK\r\n\(fields)Content-Length: 5\r\nConnection: close\r\n\r\n")
        let error = try await #require(throws: HTTPTransportError.self) {
            try await kind.make().send(GoogleHTTPRequest(url: server.url("/x")))
        }
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("too many headers"))
    }

    // MARK: Gzip

    @Test("a gzip body is decoded, and its encoding headers dropped", arguments: all)
    func gzip(transport kind: TransportUnderTest) async throws {
        let server = try await CurlTransportGzipTests.Server()
        defer { server.server.stop() }
        var request = GoogleHTTPRequest(url: server.url)
        request.acceptsGzip = true
        let response = try await kind.make().send(request)
        #expect(response.body == server.plain)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(server.requests.last?.acceptEncoding?.contains("gzip") == true)
    }

    // MARK: Time limits and cancellation

    @Test("a body that trickles fails with stalled", arguments: all)
    func stalled(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        // The other outcomes, a connect or request limit, come long after the stall limit's
        // 0.4 s: URLSessionTransport's limits are watched by a task, which a loaded full suite
        // left without a thread past a former 60 s request limit (requestTimeout after 93 s).
        let timeouts = HTTPTimeouts(
            connect: .seconds(600), request: .seconds(600), stall: .milliseconds(400), stallMinimumBytesPerSecond: 1000)
        let error = try await #require(throws: HTTPTransportError.self) {
            try await kind.make().send(GoogleHTTPRequest(url: server.url("/slow-body"), timeouts: timeouts))
        }
        #expect(error.kind == .stalled, "\(error)")
    }

    @Test("a head that never comes fails with requestTimeout", arguments: all)
    func requestTimeout(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        // The head would come after ten minutes.
        let timeouts = HTTPTimeouts(connect: .seconds(60), request: .milliseconds(300))
        let error = try await #require(throws: HTTPTransportError.self) {
            try await kind.make().send(GoogleHTTPRequest(url: server.url("/delay-head/600000"), timeouts: timeouts))
        }
        #expect(error.kind == .requestTimeout, "\(error)")
    }

    @Test("the server closing mid-body fails with connectionClosed", arguments: all)
    func closedMidBody(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let error = try await #require(throws: HTTPTransportError.self) {
            try await kind.make().send(GoogleHTTPRequest(url: server.url("/cut/5000")))
        }
        #expect(error.kind == .connectionClosed, "\(error)")
    }

    @Test("cancelling the consuming task mid-body ends the stream with cancelled, long before the body's end", arguments: all)
    func cancelMidBody(transport kind: TransportUnderTest) async throws {
        // The head at once, then a byte every 100 ms of a 1 MB body, until the client goes away.
        let server = try RawResponder { connection in
            guard connection.send("HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n") else { return }
            while connection.send([0x61]) { Thread.sleep(forTimeInterval: 0.1) }
        }
        let transport = kind.make()
        let started = StartedFlag()
        let task = Task { () -> HTTPTransportError.Kind? in
            do {
                let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/trickle")))
                started.value.store(true, ordering: .relaxed)
                for try await _ in response.body {}
                return nil
            } catch let error as HTTPTransportError {
                return error.kind
            } catch {
                return nil
            }
        }
        #expect(await waitUntil(.seconds(120)) { started.value.load(ordering: .relaxed) })
        task.cancel()
        #expect(await task.value == .cancelled)
    }

    @Test("a slow consumer holds the transfer back instead of buffering the body", arguments: all)
    func backPressure(transport kind: TransportUnderTest) async throws {
        guard !kind.skips(.suspendPausesTransfer) else { return }
        let server = try TransportTestServer()
        let transport = kind.make(HTTPTransportConfiguration(streamBufferBytes: 64 << 10))
        let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(64 << 20)")))
        var iterator = response.body.makeAsyncIterator()
        _ = try await iterator.next()
        // Not reading for a while: were the transfer not held back, the whole 64 MiB would arrive
        // into memory meanwhile; held back, the server is left with most of it unsent.
        try await Task.sleep(for: .milliseconds(500))
        var received = 0
        var largest = 0
        while let chunk = try await iterator.next() {
            received += chunk.count
            largest = max(largest, chunk.count)
        }
        #expect(received > 60 << 20)
        // Each read hands over what waited: bounded by the buffer (plus what was in flight).
        #expect(largest < 32 << 20, "a read handed over \(largest) bytes at once")
    }

    // MARK: Concurrency

    @Test("50 concurrent requests all complete with their own bodies", arguments: all)
    func concurrent(transport kind: TransportUnderTest) async throws {
        let server = try TransportTestServer()
        let transport = kind.make(HTTPTransportConfiguration(maxConnectionsPerHost: 8))
        let matches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<50 {
                group.addTask {
                    let body = TestPattern.data(offset: Int64(index), count: 1000 + index)
                    let response = try await transport.send(GoogleHTTPRequest(method: .put, url: server.url("/echo"), body: .data(body)))
                    return response.status == 200 && response.body == body
                }
            }
            return try await group.reduce(into: 0) { count, matched in count += matched ? 1 : 0 }
        }
        #expect(matches == 50)
    }
}

/// Set once a streamed response's head has arrived.
private final class StartedFlag: Sendable {
    let value = Atomic<Bool>(false)
}
