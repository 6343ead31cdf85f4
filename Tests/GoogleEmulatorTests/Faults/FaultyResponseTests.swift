import Foundation
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

/// The fault shapes, built from LocalHTTPServer's ordinary features, as a real client (libcurl)
/// sees them on the wire.
@Suite struct FaultyResponseTests {
    private static let body = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })

    /// A server whose `/data`, `/file` and `/stream` routes answer ``body`` through `shape`.
    private static func server(
        file: URL, shape: @escaping @Sendable (HTTPServerResponse) async -> HTTPServerResponse
    ) throws -> LocalHTTPServer {
        var router = HTTPRouter()
        router.get("/data") { _, _ in await shape(HTTPServerResponse(body: .data(body))) }
        router.get("/file") { _, _ in await shape(HTTPServerResponse(body: .file(file))) }
        router.get("/range") { _, _ in await shape(HTTPServerResponse(status: 206, body: .file(file, range: 100..<1100))) }
        router.get("/stream") { _, _ in
            let pieces = AsyncStream<Data> { continuation in
                for start in stride(from: 0, to: body.count, by: 3000) {
                    continuation.yield(body.subdata(in: start..<min(start + 3000, body.count)))
                }
                continuation.finish()
            }
            return await shape(HTTPServerResponse(body: .stream(HTTPBodyStream(pieces))))
        }
        return try LocalHTTPServer.start(handler: router.handle)
    }

    private static func temporaryFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("faulty-\(UUID().uuidString)")
        try body.write(to: url)
        return url
    }

    private static func get(_ server: LocalHTTPServer, _ path: String) async throws -> GoogleHTTPResponse {
        try await CurlTransport().send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent(path)))
    }

    // MARK: - Cut

    @Test(arguments: ["/data", "/file", "/range", "/stream"])
    func cutBodyFailsTheTransfer(path: String) async throws {
        let file = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Self.server(file: file) { FaultyResponse.cut($0, afterBodyBytes: 500) }
        await #expect(throws: HTTPTransportError.self) { _ = try await Self.get(server, path) }
    }

    @Test func cutBodyAnnouncesTheWholeLength() async throws {
        let file = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Self.server(file: file) { FaultyResponse.cut($0, afterBodyBytes: 500) }
        // Read the head through the streaming API, then find the body short of it.
        let response = try await CurlTransport().stream(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("file")))
        #expect(response.headers["Content-Length"] == "10000")
        #expect(response.headers["Transfer-Encoding"] == nil)
        var received = 0
        await #expect(throws: HTTPTransportError.self) {
            for try await piece in response.body { received += piece.count }
        }
        #expect(received == 500)
    }

    @Test func cutPastTheEndSendsEverything() async throws {
        let file = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Self.server(file: file) { FaultyResponse.cut($0, afterBodyBytes: 20_000) }
        for path in ["/data", "/file", "/stream"] {
            #expect(try await Self.get(server, path).body == Self.body, "\(path)")
        }
        #expect(try await Self.get(server, "/range").body == Self.body.subdata(in: 100..<1100))
    }

    @Test func missingFileIsLeftToTheServer() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        let server = try LocalHTTPServer.start { _ in FaultyResponse.cut(HTTPServerResponse(body: .file(missing)), afterBodyBytes: 5) }
        #expect(try await Self.get(server, "/").status == 500)
    }

    // MARK: - Slow, late, none

    @Test func slowBodyKeepsItsLengthAndBytes() async throws {
        let file = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try Self.server(file: file) { FaultyResponse.slowed($0, chunkSize: 2500, delay: .milliseconds(50)) }
        for path in ["/data", "/file"] {
            let clock = ContinuousClock()
            let start = clock.now
            let response = try await Self.get(server, path)
            #expect(response.headers["Content-Length"] == "10000", "\(path)")
            #expect(response.headers["Transfer-Encoding"] == nil, "\(path)")
            #expect(response.body == Self.body, "\(path)")
            // Three pauses between four pieces.
            #expect(start.duration(to: clock.now) >= .milliseconds(150), "\(path)")
        }
        let streamed = try await Self.get(server, "/stream")
        #expect(streamed.body == Self.body)
    }

    @Test func delayedResponseArrivesLate() async throws {
        let server = try LocalHTTPServer.start { _ in await FaultyResponse.delayed(.text("late"), by: .milliseconds(300)) }
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await Self.get(server, "/")
        #expect(String(decoding: response.body, as: UTF8.self) == "late")
        #expect(start.duration(to: clock.now) >= .milliseconds(300))
    }

    @Test func noResponseDropsTheConnection() async throws {
        let server = try LocalHTTPServer.start { _ in FaultyResponse.noResponse() }
        #expect(FaultyResponse.noResponse().dropsConnection)
        #expect(FaultyResponse.noResponse().status == 503)
        await #expect(throws: HTTPTransportError.self) { _ = try await Self.get(server, "/") }
    }
}
