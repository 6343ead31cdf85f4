import Foundation
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - 256 MiB bodies with flat memory

/// Each transfer runs in a child process of its own (an exit test), so the resident-set growth it
/// measures is its own transfer's, not that of tests running in parallel. The server runs in that
/// process too, so the bound covers both ends of the connection. Serialized so two children do
/// not compete for memory bandwidth with 256 MiB each.
@Suite("CurlTransport large bodies", .serialized)
struct CurlTransportLargeBodyTests {
    static let size: Int64 = 256 << 20
    /// Growth allowed while moving `size` bytes: a quarter of the body, so buffering it would fail.
    static let maxGrowth: Int64 = 64 << 20

    @Test("256 MiB download to a file")
    func downloadToFile() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try TransportTestServer()
                let directory = try TemporaryDirectory()
                let destination = directory.file("large")
                let probe = MemoryProbe()
                let head = try await CurlTransport().download(GoogleHTTPRequest(url: server.url("/bytes/\(Self.size)")), to: destination)
                let growth = probe.stop()
                try LargeBodyCheck.require(head.status == 200, "status \(head.status)")
                try LargeBodyCheck.requireFlat(growth)
                try LargeBodyCheck.require(try TestPattern.fileMatches(destination, count: Self.size), "file content")
            }
        }
    }

    @Test("256 MiB download as a stream")
    func downloadStream() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try TransportTestServer()
                let probe = MemoryProbe()
                let response = try await CurlTransport().stream(GoogleHTTPRequest(url: server.url("/bytes/\(Self.size)")))
                var checksum = PatternChecksum()
                for try await chunk in response.body { checksum.add(chunk) }
                let growth = probe.stop()
                try LargeBodyCheck.require(checksum.count == Self.size && checksum.matchesPattern, "received \(checksum.count) bytes")
                try LargeBodyCheck.requireFlat(growth)
            }
        }
    }

    @Test("256 MiB upload from a file")
    func uploadFile() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try TransportTestServer()
                let directory = try TemporaryDirectory()
                let file = try directory.patternFile("large", count: Self.size)
                let probe = MemoryProbe()
                let response = try await CurlTransport().send(GoogleHTTPRequest(method: .put, url: server.url("/sink"), body: .file(file)))
                let growth = probe.stop()
                try LargeBodyCheck.require(response.headers["X-Sink-Length"] == String(Self.size), "sink length")
                try LargeBodyCheck.require(response.headers["X-Sink-Matches-Pattern"] == "yes", "sink content")
                try LargeBodyCheck.requireFlat(growth)
            }
        }
    }

    @Test("256 MiB upload from a stream")
    func uploadStream() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try TransportTestServer()
                let probe = MemoryProbe()
                let body = HTTPBodyStream(PatternChunks(total: Self.size))
                let request = GoogleHTTPRequest(method: .post, url: server.url("/sink"), body: .stream(body, length: nil))
                let response = try await CurlTransport().send(request)
                let growth = probe.stop()
                try LargeBodyCheck.require(response.headers["X-Sink-Length"] == String(Self.size), "sink length")
                try LargeBodyCheck.require(response.headers["X-Sink-Matches-Pattern"] == "yes", "sink content")
                try LargeBodyCheck.requireFlat(growth)
            }
        }
    }

    @Test("a slow consumer pauses the transfer instead of buffering")
    func backPressure() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try TransportTestServer()
                let progress = ProgressRecorder()
                let response = try await CurlTransport().stream(
                    GoogleHTTPRequest(url: server.url("/bytes/\(Self.size)"), progress: { progress.record($0) }))
                var iterator = response.body.makeAsyncIterator()
                var consumed = Int64(try await iterator.next()?.count ?? 0)
                try await Task.sleep(for: .milliseconds(500))
                // While the consumer sleeps, curl may only fill the channel and the socket buffers.
                let receivedWhilePaused = progress.last?.bytesReceived ?? 0
                try LargeBodyCheck.require(receivedWhilePaused < 16 << 20, "received \(receivedWhilePaused >> 20) MiB while paused")
                let probe = MemoryProbe()
                while let chunk = try await iterator.next() {
                    consumed += Int64(chunk.count)
                    if consumed < 8 << 20 { try await Task.sleep(for: .milliseconds(20)) }
                }
                let growth = probe.stop()
                try LargeBodyCheck.require(consumed == Self.size, "consumed \(consumed) bytes")
                try LargeBodyCheck.requireFlat(growth)
            }
        }
    }
}

// MARK: - Checks inside the child process

/// Fails the child process (and so the exit test) with a message.
struct LargeBodyCheck: Error, CustomStringConvertible {
    var description: String

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(LargeBodyCheck) {
        guard condition else { throw LargeBodyCheck(description: message()) }
    }

    static func requireFlat(_ growth: Int64) throws(LargeBodyCheck) {
        try require(growth < CurlTransportLargeBodyTests.maxGrowth, "RSS grew by \(growth >> 20) MiB")
    }
}
