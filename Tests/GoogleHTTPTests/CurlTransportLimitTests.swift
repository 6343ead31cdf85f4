import Foundation
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - Size limits on buffered responses

/// `send` reads a body into memory only up to a limit counted after decompression, aborting the
/// transfer the moment it passes; error bodies keep their first 64 KiB and the rest is not read;
/// downloads and streams are not limited.
@Suite("CurlTransport response size limits")
struct CurlTransportLimitTests {
    /// A server whose `/endless` never ends (chunked) and whose `/error-endless` is an endless 500.
    static func endlessServer() throws -> RawResponder {
        try RawResponder { connection in
            let status = connection.requestHead.contains("/error-endless") ? "500 Internal Server Error" : "200 OK"
            guard connection.send("HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n") else {
                return
            }
            let piece = [UInt8](repeating: 0x20, count: 64 << 10)
            let chunk = Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + Array("\r\n".utf8)
            while connection.send(chunk) {}
        }
    }

    /// A server answering every request with an endless gzip bomb (``GzipBomb``).
    static func bombServer() throws -> RawResponder {
        try RawResponder { connection in
            guard
                connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nConnection: close\r\n\r\n"),
                connection.send(GzipBomb.header + GzipBomb.firstBlock)
            else { return }
            while connection.send(GzipBomb.block) {}
        }
    }

    @Test("a body past the request's limit fails with responseTooLarge naming the limit and the URL, not its query")
    func overRequestLimit() async throws {
        let server = try TransportTestServer()
        var components = URLComponents(url: server.url("/bytes/\(4 << 20)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: "SECRET-KEY")]
        var request = GoogleHTTPRequest(url: components.url!)
        request.maxResponseBodyBytes = 1 << 20
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .responseTooLarge)
        #expect(error.limit == 1 << 20)
        #expect(error.description.contains("1048576 bytes (1 MiB"))
        #expect(error.description.contains("/bytes/"))
        #expect(!error.description.contains("SECRET"))
        #expect(!error.isTransient)
    }

    @Test("the transport's limit applies when the request sets none; a body at the limit passes")
    func transportLimit() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport(configuration: .init(maxResponseBodyBytes: 100_000))
        let fits = try await transport.send(GoogleHTTPRequest(url: server.url("/bytes/100000")))
        #expect(fits.body.count == 100_000)
        let error = try await #require(throws: HTTPTransportError.self) {
            try await transport.send(GoogleHTTPRequest(url: server.url("/bytes/100001")))
        }
        #expect(error.kind == .responseTooLarge)
        #expect(error.limit == 100_000)
    }

    @Test("an endless chunked body is stopped at the limit")
    func endlessBody() async throws {
        let server = try Self.endlessServer()
        var request = GoogleHTTPRequest(url: server.url("/endless"))
        request.maxResponseBodyBytes = 2 << 20
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .responseTooLarge)
    }

    @Test("an endless gzip bomb is stopped at the limit, counted after decompression")
    func gzipBomb() async throws {
        let server = try Self.bombServer()
        var request = GoogleHTTPRequest(url: server.url("/files"))
        request.acceptsGzip = true
        request.maxResponseBodyBytes = 4 << 20
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .responseTooLarge)
        #expect(error.message.contains("after decompression"))
    }

    @Test("an endless error body is cut at 64 KiB and returned, without reading the rest")
    func endlessErrorBody() async throws {
        let server = try Self.endlessServer()
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.url("/error-endless")))
        #expect(response.status == 500)
        #expect(response.body.count == HTTPTransportConfiguration.defaultMaxErrorBodyBytes)
    }

    @Test("a download keeps only the first 64 KiB of an error body")
    func downloadErrorBody() async throws {
        let server = try Self.endlessServer()
        let directory = try TemporaryDirectory()
        let head = try await CurlTransport().download(GoogleHTTPRequest(url: server.url("/error-endless")), to: directory.file("error"))
        #expect(head.status == 500)
        let size = try FileManager.default.attributesOfItem(atPath: directory.file("error").path)[.size] as? NSNumber
        #expect(size?.intValue == HTTPTransportConfiguration.defaultMaxErrorBodyBytes)
    }

    @Test("streams and downloads are not limited")
    func streamsUnlimited() async throws {
        let server = try TransportTestServer()
        let directory = try TemporaryDirectory()
        let transport = CurlTransport(configuration: .init(maxResponseBodyBytes: 1024))
        let response = try await transport.stream(GoogleHTTPRequest(url: server.url("/bytes/\(3 << 20)")))
        var received = 0
        for try await chunk in response.body { received += chunk.count }
        #expect(received == 3 << 20)
        _ = try await transport.download(GoogleHTTPRequest(url: server.url("/bytes/\(3 << 20)")), to: directory.file("big"))
        let size = try FileManager.default.attributesOfItem(atPath: directory.file("big").path)[.size] as? NSNumber
        #expect(size?.intValue == 3 << 20)
    }
}

// MARK: - Memory under a gzip bomb and an endless body

/// In child processes, like the 256 MiB flat-memory tests: with the default limit (64 MiB), the
/// process grows by about the limit, not by what the server would send.
@Suite("CurlTransport bounded memory", .serialized)
struct CurlTransportBoundedMemoryTests {
    /// The limit, twice over (a body's buffer growing) and some slack for the process.
    static let maxGrowth = Int64(HTTPTransportConfiguration.defaultMaxResponseBodyBytes) * 2 + (32 << 20)

    @Test("a gzip bomb costs about the default limit in memory")
    func gzipBombMemory() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try CurlTransportLimitTests.bombServer()
                var request = GoogleHTTPRequest(url: server.url("/files"))
                request.acceptsGzip = true
                let probe = MemoryProbe()
                let outcome: HTTPTransportError.Kind?
                do {
                    _ = try await CurlTransport().send(request)
                    outcome = nil
                } catch let error as HTTPTransportError {
                    outcome = error.kind
                }
                let growth = probe.stop()
                try LargeBodyCheck.require(outcome == .responseTooLarge, "outcome \(String(describing: outcome))")
                try LargeBodyCheck.require(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
                if let report = ProcessInfo.processInfo.environment["GOOGLE_API_MEMORY_REPORT"] {
                    try? "gzip bomb: RSS grew by \(growth >> 20) MiB\n".write(toFile: report, atomically: true, encoding: .utf8)
                }
            }
        }
    }

    @Test("an endless body costs about the default limit in memory")
    func endlessBodyMemory() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let server = try CurlTransportLimitTests.endlessServer()
                let probe = MemoryProbe()
                let outcome: HTTPTransportError.Kind?
                do {
                    _ = try await CurlTransport().send(GoogleHTTPRequest(url: server.url("/endless")))
                    outcome = nil
                } catch let error as HTTPTransportError {
                    outcome = error.kind
                }
                let growth = probe.stop()
                try LargeBodyCheck.require(outcome == .responseTooLarge, "outcome \(String(describing: outcome))")
                try LargeBodyCheck.require(growth < Self.maxGrowth, "RSS grew by \(growth >> 20) MiB")
            }
        }
    }
}
