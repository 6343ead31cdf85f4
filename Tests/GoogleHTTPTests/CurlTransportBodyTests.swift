import Foundation
import GoogleHTTP
import LocalHTTPServer
import Testing

// MARK: - Request and response bodies

@Suite("CurlTransport bodies")
struct CurlTransportBodyTests {
    static let sizes: [Int64] = [0, 1 << 20]

    @Test("upload from a file", arguments: sizes)
    func uploadFile(size: Int64) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let file = try directory.patternFile("upload", count: size)
        let response = try await CurlTransport().send(GoogleHTTPRequest(method: .put, url: server.url("/sink"), body: .file(file)))
        #expect(response.status == 200)
        #expect(response.headers["X-Sink-Length"] == String(size))
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
        #expect(response.headers["X-Sink-Chunked"] == "no")
        #expect(response.headers["X-Sink-Expect"] == "")
    }

    @Test("upload a slice of a file")
    func uploadFileSlice() async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let file = try directory.patternFile("upload", count: 300_000)
        let request = GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .file(file, offset: 1000, length: 5000))
        let response = try await CurlTransport().send(request)
        #expect(response.body == TestPattern.data(offset: 1000, count: 5000))
    }

    @Test("upload from a stream of known length", arguments: sizes)
    func uploadStreamKnownLength(size: Int64) async throws {
        let server = try TransportTestServer()
        let body = HTTPBodyStream(PatternChunks(total: size, chunkSize: 100_000))
        let request = GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(body, length: size))
        let response = try await CurlTransport().send(request)
        #expect(response.headers["X-Sink-Length"] == String(size))
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
        #expect(response.headers["X-Sink-Chunked"] == "no")
    }

    @Test("upload from a stream of unknown length is chunked", arguments: sizes)
    func uploadStreamChunked(size: Int64) async throws {
        let server = try TransportTestServer()
        let body = HTTPBodyStream(PatternChunks(total: size, chunkSize: 77_777))
        let request = GoogleHTTPRequest(method: .patch, url: server.url("/sink"), body: .stream(body, length: nil))
        let response = try await CurlTransport().send(request)
        #expect(response.headers["X-Sink-Length"] == String(size))
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
        #expect(response.headers["X-Sink-Chunked"] == "yes")
    }

    @Test("upload from a slow stream waits for each chunk")
    func uploadSlowStream() async throws {
        let server = try TransportTestServer()
        let chunks = AsyncStream<Data> { continuation in
            Task {
                for index in 0..<5 {
                    try? await Task.sleep(for: .milliseconds(20))
                    continuation.yield(TestPattern.data(offset: Int64(index * 1000), count: 1000))
                }
                continuation.finish()
            }
        }
        let request = GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(HTTPBodyStream(chunks), length: nil))
        let response = try await CurlTransport().send(request)
        #expect(response.headers["X-Sink-Length"] == "5000", "\(response.status): \(String(decoding: response.body, as: UTF8.self))")
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
    }

    @Test("download to a file", arguments: sizes)
    func downloadToFile(size: Int64) async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let destination = directory.file("download")
        let head = try await CurlTransport().download(GoogleHTTPRequest(url: server.url("/bytes/\(size)")), to: destination)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == String(size))
        #expect(try TestPattern.fileMatches(destination, count: size))
    }

    @Test("download as a stream", arguments: sizes)
    func downloadStream(size: Int64) async throws {
        let server = try TransportTestServer()
        let response = try await CurlTransport().stream(GoogleHTTPRequest(url: server.url("/bytes/\(size)")))
        #expect(response.status == 200)
        var checksum = PatternChecksum()
        for try await chunk in response.body { checksum.add(chunk) }
        #expect(checksum.count == size)
        #expect(checksum.matchesPattern)
    }

    @Test("buffered download of 1 MiB")
    func bufferedDownload() async throws {
        let server = try TransportTestServer()
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.url("/bytes/\(1 << 20)")))
        #expect(response.body == TestPattern.data(offset: 0, count: 1 << 20))
    }

    @Test("a missing upload file fails with requestBodyFailed")
    func missingUploadFile() async throws {
        let server = try TransportTestServer()
        let request = GoogleHTTPRequest(method: .put, url: server.url("/sink"), body: .file(URL(fileURLWithPath: "/nonexistent/\(UUID())")))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .requestBodyFailed)
    }

    @Test("a failing body stream fails with requestBodyFailed")
    func failingStream() async throws {
        struct Broken: Error {}
        let server = try TransportTestServer()
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data(repeating: 1, count: 10_000))
            continuation.finish(throwing: Broken())
        }
        let request = GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(HTTPBodyStream(chunks), length: nil))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .requestBodyFailed)
    }

    @Test("a stream shorter than its declared length fails with requestBodyFailed")
    func shortStream() async throws {
        let server = try TransportTestServer()
        let body = HTTPBodyStream(PatternChunks(total: 1000))
        let request = GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(body, length: 5000))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .requestBodyFailed)
    }

    @Test("a download into a missing folder fails with responseBodyFailed")
    func unwritableDownload() async throws {
        let server = try TransportTestServer()
        let destination = URL(fileURLWithPath: "/nonexistent/\(UUID())/file")
        let error = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().download(GoogleHTTPRequest(url: server.url("/bytes/10")), to: destination)
        }
        #expect(error.kind == .responseBodyFailed)
        #expect(server.server.requestsHandled == 0)
    }
}
