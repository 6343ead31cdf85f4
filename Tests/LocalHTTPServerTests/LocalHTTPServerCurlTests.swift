import Foundation
import GoogleHTTP
import LocalHTTPServer
import Testing

/// The server seen through the package's real client, libcurl via CurlTransport.
@Suite struct LocalHTTPServerCurlTests {
    private func url(_ server: LocalHTTPServer, _ path: String) -> URL {
        URL(string: server.baseURL.absoluteString + path)!
    }

    /// Ten minutes, not 30 s, for an idle keep-alive connection and for a pause inside a body:
    /// between two requests this task may wait long for a thread, and a streamed upload body is
    /// produced by tasks on the cooperative pool, which a loaded machine can leave idle as long.
    private static let patient = LocalHTTPServer.Configuration(idleTimeout: .seconds(600), readTimeout: .seconds(600))

    @Test func keepAliveConnectionIsReused() async throws {
        let server = try startServer(Self.patient)
        let transport = CurlTransport()
        for index in 0..<20 {
            let response = try await transport.send(
                GoogleHTTPRequest(method: .post, url: url(server, "/r\(index)"), body: .data(Data("body \(index)".utf8))))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "body \(index)")
        }
        #expect(server.connectionsAccepted == 1)
        #expect(server.requestsHandled == 20)
    }

    @Test func largeBodiesBothWays() async throws {
        let server = try startServer()
        let transport = CurlTransport()
        let payload = patternBytes(3 * 1024 * 1024 + 17)
        // Over 1 MiB curl sends `Expect: 100-continue`; the echo proves the body arrived intact.
        let response = try await transport.send(GoogleHTTPRequest(method: .put, url: url(server, "/echo"), body: .data(payload)))
        #expect(response.status == 200)
        #expect(response.body == payload)
    }

    @Test func chunkedUploadFromAStream() async throws {
        let server = try startServer(Self.patient)
        let transport = CurlTransport()
        let pieces = AsyncStream<Data> { continuation in
            for index in 0..<10 { continuation.yield(Data(repeating: UInt8(index), count: 10_000)) }
            continuation.finish()
        }
        let response = try await transport.send(
            GoogleHTTPRequest(
                method: .post, url: url(server, "/chunked"), body: .stream(HTTPBodyStream(pieces), length: nil)))
        #expect(response.headers["X-Body-Length"] == "100000")
        #expect(response.body.prefix(10_000) == Data(repeating: 0, count: 10_000))
        #expect(response.body.suffix(10_000) == Data(repeating: 9, count: 10_000))
    }

    @Test func chunkedAndFileResponses() async throws {
        let file = try makeTemporaryFile(count: 700_000)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try startServer { request in
            switch request.path {
            case "/file": return HTTPServerResponse(body: .file(file, range: 100..<600_100))
            default:
                let pieces = AsyncStream<Data> { continuation in
                    for _ in 0..<100 { continuation.yield(Data(repeating: 0x5A, count: 1000)) }
                    continuation.finish()
                }
                return HTTPServerResponse(body: .stream(HTTPBodyStream(pieces)))
            }
        }
        let transport = CurlTransport()
        let chunked = try await transport.send(GoogleHTTPRequest(url: url(server, "/stream")))
        #expect(chunked.body == Data(repeating: 0x5A, count: 100_000))
        let ranged = try await transport.send(GoogleHTTPRequest(url: url(server, "/file")))
        #expect(ranged.body == patternBytes(700_000)[100..<600_100])
    }

    @Test func truncatedResponseIsATransportError() async throws {
        let server = try startServer { _ in
            // The stream fails after 500 of the 10 000 bytes it declared.
            let pieces = AsyncThrowingStream<Data, any Error> { continuation in
                continuation.yield(Data(repeating: 1, count: 500))
                continuation.finish(throwing: CancellationError())
            }
            return HTTPServerResponse(headers: ["Content-Length": "10000"], body: .stream(HTTPBodyStream(pieces)))
        }
        await #expect(throws: HTTPTransportError.self) {
            _ = try await CurlTransport().send(GoogleHTTPRequest(url: url(server, "/cut")))
        }
    }

    @Test func headThroughCurl() async throws {
        let server = try startServer { _ in .text("hello") }
        let response = try await CurlTransport().send(GoogleHTTPRequest(method: .head, url: url(server, "/")))
        #expect(response.status == 200)
        #expect(response.headers["Content-Length"] == "5")
        #expect(response.body.isEmpty)
    }
}
