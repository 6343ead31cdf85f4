import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

// MARK: - gzip on the wire

/// `GoogleHTTPRequest.acceptsGzip`: the request says `Accept-Encoding: gzip` and "gzip" in its
/// User-Agent (as Google asks), and a gzip-encoded answer arrives decoded, whichever way the body
/// is taken. Requests without it (media) ask for nothing and get the bytes as sent.
@Suite("CurlTransport gzip")
struct CurlTransportGzipTests {
    /// `/listing` answers gzip-encoded when asked to, plain otherwise, and records what it was asked.
    final class Server: Sendable {
        let server: LocalHTTPServer
        let plain: Data
        let compressed: Data
        let seen = SeenRequests()

        init() async throws {
            let plain = GzipFixture.jsonListing(count: 64 << 10)
            let compressed = try await Gzip.compress(plain)
            self.plain = plain
            self.compressed = compressed
            let seen = self.seen
            server = try LocalHTTPServer.start { request in
                seen.record(acceptEncoding: request.headers["Accept-Encoding"], userAgent: request.headers["User-Agent"])
                let wantsGzip = request.headers["Accept-Encoding"]?.contains("gzip") ?? false
                var headers: GoogleHTTPHeaders = ["Content-Type": "application/json"]
                if wantsGzip { headers["Content-Encoding"] = "gzip" }
                return HTTPServerResponse(status: 200, headers: headers, body: .data(wantsGzip ? compressed : plain))
            }
        }

        var url: URL { server.baseURL.appendingPathComponent("listing") }
        var requests: [(acceptEncoding: String?, userAgent: String?)] { seen.all }
    }

    /// What the server was asked, request by request.
    final class SeenRequests: Sendable {
        private let requests = Mutex<[(acceptEncoding: String?, userAgent: String?)]>([])
        func record(acceptEncoding: String?, userAgent: String?) { requests.withLock { $0.append((acceptEncoding, userAgent)) } }
        var all: [(acceptEncoding: String?, userAgent: String?)] { requests.withLock { $0 } }
    }

    private static func gzipRequest(_ url: URL) -> GoogleHTTPRequest {
        var request = GoogleHTTPRequest(url: url)
        request.acceptsGzip = true
        return request
    }

    @Test func gzipResponseIsDecodedAndItsEncodingHeadersDropped() async throws {
        let server = try await Server()
        defer { server.server.stop() }
        #expect(server.compressed.count * 10 < server.plain.count)
        let transport = CurlTransport()
        let response = try await transport.send(Self.gzipRequest(server.url))
        #expect(response.status == 200)
        #expect(response.body == server.plain)
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Content-Length"] == nil)
        let asked = try #require(server.requests.first)
        #expect(asked.acceptEncoding == "gzip")
        #expect(asked.userAgent == transport.configuration.userAgent + " (gzip)")
    }

    @Test func streamedAndDownloadedBodiesAreDecodedToo() async throws {
        let server = try await Server()
        defer { server.server.stop() }
        let transport = CurlTransport()
        let streamed = try await transport.stream(Self.gzipRequest(server.url))
        #expect(streamed.head.headers["Content-Encoding"] == nil)
        #expect(try await streamed.body.collect(upTo: 1 << 20) == server.plain)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let head = try await transport.download(Self.gzipRequest(server.url), to: file)
        #expect(head.status == 200)
        #expect(try Data(contentsOf: file) == server.plain)
    }

    /// Handles are pooled: a request without `acceptsGzip` right after one with it must not
    /// inherit the option, so media bytes stay as stored.
    @Test func requestWithoutItAsksForNothingEvenOnAReusedHandle() async throws {
        let server = try await Server()
        defer { server.server.stop() }
        let transport = CurlTransport()
        _ = try await transport.send(Self.gzipRequest(server.url))
        let response = try await transport.send(GoogleHTTPRequest(url: server.url))
        #expect(response.body == server.plain)
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[1].acceptEncoding == nil)
        #expect(requests[1].userAgent == transport.configuration.userAgent)
    }
}
