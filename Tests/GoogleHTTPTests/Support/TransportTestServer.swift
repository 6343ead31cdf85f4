import Foundation
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization

// MARK: - TransportTestServer

/// A LocalHTTPServer on 127.0.0.1 with the routes the transport tests talk to.
///
/// - `ANY /echo`: answers with the request body and `X-Echo-*` headers describing the request.
/// - `GET /bytes/{count}`: `count` bytes of ``TestPattern``, streamed
///   from the server in 1 MiB pieces with a `Content-Length`.
/// - `ANY /sink`: consumes a streamed request body, answering with its length and checksum.
/// - `GET /delay-head/{ms}`, `GET /slow-body`, `GET /cut/{count}`: the emulator's fault shapes
///   (``FaultyResponse``); ``slowRequestsStarted`` counts the first two as their handlers start.
/// - `GET /redirect/{n}`: redirects `n` times, then lands on `/echo`.
///
/// Idle connections and pauses inside a request body are allowed ten minutes (not the server's
/// default 30 s). Tests count connections, so a test task that waits long for a thread between
/// two requests must not find its connection closed and reopened; and a streamed upload body is
/// produced by tasks on the cooperative pool, which a loaded machine can leave without a thread
/// for longer than 30 s (the server would then answer 400 mid-upload).
final class TransportTestServer: Sendable {
    let server: LocalHTTPServer
    private let slowStarts: Counter

    /// A count shared with the route handlers.
    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    init() throws {
        let slowStarts = Counter()
        self.slowStarts = slowStarts
        var router = HTTPRouter()
        router.add(nil, "/echo") { request, _ in Self.echo(request) }
        router.get("/bytes/{count}") { _, parameters in
            let count = Int64(parameters["count"] ?? "") ?? 0
            return HTTPServerResponse(
                status: 200, headers: ["Content-Length": String(count), "Content-Type": "application/octet-stream"],
                body: .stream(HTTPBodyStream(PatternChunks(total: count))))
        }
        router.add(nil, "/sink") { request, _ in await Self.sink(request) }
        router.get("/delay-head/{ms}") { _, parameters in
            slowStarts.value.add(1, ordering: .relaxed)
            let milliseconds = Int(parameters["ms"] ?? "") ?? 0
            return await FaultyResponse.delayed(
                HTTPServerResponse(status: 200, body: .data(Data("late".utf8))), by: .milliseconds(milliseconds))
        }
        router.get("/slow-body") { _, _ in
            slowStarts.value.add(1, ordering: .relaxed)
            return FaultyResponse.slowed(
                HTTPServerResponse(status: 200, body: .data(Data(repeating: 0x61, count: 1_000_000))),
                chunkSize: 1, delay: .seconds(5))
        }
        router.get("/cut/{count}") { _, parameters in
            let count = Int(parameters["count"] ?? "") ?? 0
            return FaultyResponse.cut(
                HTTPServerResponse(status: 200, body: .data(Data(repeating: 0x62, count: 1 << 20))), afterBodyBytes: count)
        }
        router.get("/redirect/{n}") { _, parameters in
            let remaining = Int(parameters["n"] ?? "") ?? 0
            return .redirect(to: remaining <= 1 ? "/echo" : "/redirect/\(remaining - 1)")
        }
        let configuration = LocalHTTPServer.Configuration(
            idleTimeout: .seconds(600), readTimeout: .seconds(600),
            streamRequestBody: LocalHTTPServer.Configuration.streamingBodies(forPathPrefixes: ["/sink"]))
        server = try LocalHTTPServer.start(configuration: configuration, handler: router.handle)
    }

    /// How many `/delay-head` and `/slow-body` handlers have started.
    var slowRequestsStarted: Int { slowStarts.value.load(ordering: .relaxed) }

    func url(_ path: String) -> URL {
        server.baseURL.appendingPathComponent(path)
    }

    // MARK: - Handlers

    private static func echo(_ request: HTTPServerRequest) -> HTTPServerResponse {
        var headers: GoogleHTTPHeaders = [
            "X-Echo-Method": request.method.rawValue,
            "X-Echo-Body-Length": String(request.body.count),
            "X-Echo-Connection": String(request.connectionID),
            "X-Echo-Target": request.target,
        ]
        for field in request.headers {
            headers.add(name: "X-Echo-Header-\(field.name)", value: field.value)
        }
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "Set-Cookie", value: "b=2")
        return HTTPServerResponse(status: 200, headers: headers, body: .data(request.body))
    }

    private static func sink(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        var checksum = PatternChecksum()
        do {
            if let stream = request.bodyStream {
                for try await piece in stream { checksum.add(piece) }
            } else {
                checksum.add(request.body)
            }
        } catch {
            return .text("body failed: \(error)", status: 400)
        }
        let chunked = request.headers["Transfer-Encoding"]?.lowercased().contains("chunked") ?? false
        return HTTPServerResponse(
            status: 200,
            headers: [
                "X-Sink-Length": String(checksum.count),
                "X-Sink-Matches-Pattern": checksum.matchesPattern ? "yes" : "no",
                "X-Sink-Chunked": chunked ? "yes" : "no",
                "X-Sink-Expect": request.headers["Expect"] ?? "",
            ])
    }

}

// MARK: - PatternChunks

/// `total` bytes of the test pattern in chunks of `chunkSize`, generated on demand. With the
/// default size every chunk is the same shared block, so producing 256 MiB allocates nothing and
/// memory measurements see only the transport's own buffers.
struct PatternChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let total: Int64
    var chunkSize = TestPattern.sharedBlock.count

    struct AsyncIterator: AsyncIteratorProtocol {
        let total: Int64
        let chunkSize: Int
        var offset: Int64 = 0

        mutating func next() async -> Data? {
            guard offset < total else { return nil }
            let count = Int(Swift.min(Int64(chunkSize), total - offset))
            defer { offset += Int64(count) }
            if chunkSize == TestPattern.sharedBlock.count {
                return TestPattern.sharedBlock.prefix(count)
            }
            return TestPattern.data(offset: offset, count: count)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(total: total, chunkSize: chunkSize)
    }
}

// MARK: - PatternChecksum

/// Counts bytes and checks them against the test pattern as they stream past.
struct PatternChecksum {
    private(set) var count: Int64 = 0
    private(set) var matchesPattern = true

    mutating func add(_ data: Data) {
        if matchesPattern {
            matchesPattern = data.withUnsafeBytes { TestPattern.matches($0, at: count) }
        }
        count += Int64(data.count)
    }
}
