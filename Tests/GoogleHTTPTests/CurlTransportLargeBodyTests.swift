import Foundation
import GoogleHTTP
import LocalHTTPServer
import Testing

// MARK: - 256 MiB bodies with flat memory

/// Serialized so one transfer's buffers do not show up in another's memory measurement. The server
/// runs in this process too, so the bound covers both ends of the connection.
@Suite("CurlTransport large bodies", .serialized)
struct CurlTransportLargeBodyTests {
    static let size: Int64 = 256 << 20
    /// Growth allowed while moving `size` bytes: a quarter of the body, so buffering it would fail.
    static let maxGrowth: Int64 = 64 << 20

    @Test("256 MiB download to a file")
    func downloadToFile() async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let destination = directory.file("large")
        let probe = MemoryProbe()
        let head = try await CurlTransport().download(HTTPRequest(url: server.url("/bytes/\(Self.size)")), to: destination)
        let growth = probe.stop()
        #expect(head.status == 200)
        #expect(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
        #expect(try TestPattern.fileMatches(destination, count: Self.size))
    }

    @Test("256 MiB download as a stream")
    func downloadStream() async throws {
        let server = try TransportTestServer()
        let probe = MemoryProbe()
        let response = try await CurlTransport().stream(HTTPRequest(url: server.url("/bytes/\(Self.size)")))
        var checksum = PatternChecksum()
        for try await chunk in response.body { checksum.add(chunk) }
        let growth = probe.stop()
        #expect(checksum.count == Self.size)
        #expect(checksum.matchesPattern)
        #expect(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
    }

    @Test("256 MiB upload from a file")
    func uploadFile() async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let file = try directory.patternFile("large", count: Self.size)
        let probe = MemoryProbe()
        let response = try await CurlTransport().send(HTTPRequest(method: .put, url: server.url("/sink"), body: .file(file)))
        let growth = probe.stop()
        #expect(response.headers["X-Sink-Length"] == String(Self.size))
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
        #expect(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
    }

    @Test("256 MiB upload from a stream")
    func uploadStream() async throws {
        let server = try TransportTestServer()
        let probe = MemoryProbe()
        let body = HTTPBodyStream(PatternChunks(total: Self.size))
        let request = HTTPRequest(method: .post, url: server.url("/sink"), body: .stream(body, length: nil))
        let response = try await CurlTransport().send(request)
        let growth = probe.stop()
        #expect(response.headers["X-Sink-Length"] == String(Self.size))
        #expect(response.headers["X-Sink-Matches-Pattern"] == "yes")
        #expect(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
    }

    @Test("a slow consumer pauses the transfer instead of buffering")
    func backPressure() async throws {
        let server = try TransportTestServer()
        let progress = ProgressRecorder()
        let response = try await CurlTransport().stream(
            HTTPRequest(url: server.url("/bytes/\(Self.size)"), progress: { progress.record($0) }))
        var iterator = response.body.makeAsyncIterator()
        var consumed = Int64(try #require(try await iterator.next()).count)
        try await Task.sleep(for: .milliseconds(500))
        // While the consumer sleeps, curl may only fill the channel and the socket buffers.
        let receivedWhilePaused = try #require(progress.last).bytesReceived
        #expect(receivedWhilePaused < 16 << 20, "received \(receivedWhilePaused >> 20) MiB while paused")
        let probe = MemoryProbe()
        while let chunk = try await iterator.next() {
            consumed += Int64(chunk.count)
            if consumed < 8 << 20 { try await Task.sleep(for: .milliseconds(20)) }
        }
        let growth = probe.stop()
        #expect(consumed == Self.size)
        #expect(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
    }
}
