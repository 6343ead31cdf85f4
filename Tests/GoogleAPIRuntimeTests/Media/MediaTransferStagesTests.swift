import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GoogleAPIRuntime

/// A resumable upload over the in-memory transport: every request of the transfer goes through
/// the session's stages with the call's method ID and middleware, and its waits are the retry
/// stage's.
@Suite("Media transfers through the session's stages")
struct MediaTransferStagesTests {
    /// Records `<level> <method ID> <HTTP method> <Content-Range>` for each request it sees.
    struct Seen: GoogleMiddleware {
        let level: String
        let log: Recorder<String>
        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            log.append("\(level) \(context.methodID ?? "none") \(request.method.rawValue) \(request.header("Content-Range") ?? "-")")
            return try await next(request)
        }
    }

    @Test(
        "initiation, chunks and status query carry the method ID through call and attempt middleware; a 503's Retry-After is capped like the session's"
    )
    func uploadRequestsCarryTheMethod() async throws {
        let uploadURL = "https://api.test/upload/session?upload_id=secret-id"
        let size = 300 << 10
        let transport = InMemoryTransport { request, index in
            switch index {
            case 0: return GoogleHTTPResponse(status: 200, headers: ["Location": uploadURL], body: Data())
            case 1: return GoogleHTTPResponse(status: 503, headers: ["Retry-After": "40"], body: Data())
            case 2: return GoogleHTTPResponse(status: 308, headers: [:], body: Data())
            case 3: return GoogleHTTPResponse(status: 308, headers: ["Range": "bytes=0-\((256 << 10) - 1)"], body: Data())
            default: return GoogleHTTPResponse(status: 200, headers: [:], body: Data(#"{"id":"f1"}"#.utf8))
            }
        }
        let waits = Recorder<Duration>()
        let events = Recorder<GoogleSessionEvent>()
        let log = Recorder<String>()
        let session = stageSession(transport, waits: waits) {
            $0.retry.maxDelay = .seconds(5)
            $0.attemptMiddleware = [Seen(level: "attempt", log: log)]
            $0.observers = [GoogleEventHandler { events.append($0) }]
        }
        let client = GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "test", version: "v1", rootURL: URL(string: "https://api.test/")!, servicePath: "test/v1/", batchPath: nil),
            rootURL: URL(string: "https://api.test/")!)
        var call = APICall(
            methodID: "test.media.insert", method: .post, path: "things", scopes: [], mediaUploadPath: "/upload/test/v1/things")
        call.options.callMiddleware = [Seen(level: "call", log: log)]
        let media = MediaUpload(
            .data(Data(repeating: 7, count: size)), contentType: "video/mp4", strategy: .resumable(chunkSize: 256 << 10))
        try await client.upload(call, media: media)

        let total = size
        #expect(
            log.values == [
                "call test.media.insert POST -", "attempt test.media.insert POST -",
                "call test.media.insert PUT bytes 0-262143/\(total)", "attempt test.media.insert PUT bytes 0-262143/\(total)",
                "call test.media.insert PUT bytes */\(total)", "attempt test.media.insert PUT bytes */\(total)",
                "call test.media.insert PUT bytes 0-262143/\(total)", "attempt test.media.insert PUT bytes 0-262143/\(total)",
                "call test.media.insert PUT bytes 262144-\(total - 1)/\(total)",
                "attempt test.media.insert PUT bytes 262144-\(total - 1)/\(total)",
            ], "\(log.values)")
        // The 503's 40 s Retry-After, capped by the session's policy as its own retries are.
        #expect(waits.values == [.seconds(5)])
        let wait = try #require(events.values.first { $0.kind == .retryScheduled })
        #expect(wait.context?.methodID == "test.media.insert" && wait.retryWait?.methodID == "test.media.insert")
        #expect(wait.retryWait?.status == 503 && wait.retryWait?.delay == .seconds(5))
        #expect(!(wait.retryWait?.url.contains("secret-id") ?? true))
        let transfer = events.values.filter { $0.kind == .uploadResumed || $0.kind == .uploadChunkSent }
        #expect(!transfer.isEmpty && transfer.allSatisfy { $0.context?.methodID == "test.media.insert" })
    }

    @Test("a saved session resumed without its call still sends its requests through the session's middleware")
    func resumedSessionGoesThroughTheMiddleware() async throws {
        let transport = InMemoryTransport { _, index in
            index == 0
                ? GoogleHTTPResponse(status: 308, headers: ["Range": "bytes=0-9"], body: Data())
                : GoogleHTTPResponse(status: 200, headers: [:], body: Data(#"{"id":"f1"}"#.utf8))
        }
        let log = Recorder<String>()
        let session = stageSession(transport) { $0.attemptMiddleware = [Seen(level: "attempt", log: log)] }
        let client = GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "test", version: "v1", rootURL: URL(string: "https://api.test/")!, servicePath: "test/v1/", batchPath: nil),
            rootURL: URL(string: "https://api.test/")!)
        let saved = ResumableUploadSession(uri: URL(string: "https://api.test/upload/s?upload_id=x")!, totalBytes: 20)
        struct Created: Decodable, Sendable { var id: String }
        let created = try await saved.resume(
            client: client, media: MediaUpload(.data(Data(count: 20)), contentType: "a/b"), as: Created.self)
        #expect(created.id == "f1")
        #expect(log.values.count == 2 && log.values.allSatisfy { $0.hasPrefix("attempt none PUT") }, "\(log.values)")
    }
}
