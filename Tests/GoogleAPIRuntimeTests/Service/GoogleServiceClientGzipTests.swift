import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - gzip for API calls, not for media

@Suite("GoogleServiceClient gzip")
struct GoogleServiceClientGzipTests {
    /// `/drive/v3/files/{id}` answers JSON gzip-encoded when asked (like Google) and media plain,
    /// recording each request's `Accept-Encoding` ("none" when absent).
    private static func backend(json: Data, gzipped: Data, media: Data, asked: Recorder<String>) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.get("/drive/v3/files/{fileId}") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let acceptEncoding = request.headers["Accept-Encoding"]
                asked.append(acceptEncoding ?? "none")
                if request.queryValue("alt") == "media" {
                    return HTTPServerResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: .data(media))
                }
                guard acceptEncoding?.contains("gzip") == true else { return .json(json) }
                return HTTPServerResponse(
                    status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: .data(gzipped))
            }
        }
    }

    @Test func apiCallAsksForGzipAndDecodesItWhileMediaAsksForNothing() async throws {
        let json = Data(#"{"kind":"drive#file","id":"f1","size":"42","name":"\#(String(repeating: "report ", count: 400))"}"#.utf8)
        let gzipped = try await Gzip.compress(json)
        #expect(gzipped.count * 5 < json.count)
        let media = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let asked = Recorder<String>()
        let backend = try Self.backend(json: json, gzipped: gzipped, media: media, asked: asked)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "f1")

        let file = try await client.execute(call, as: TestFile.self)
        #expect(file.id == "f1" && file.size == 42)

        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let target = directory.file("media.bin")
        try await client.download(call, to: target)
        #expect(try Data(contentsOf: target) == media)

        #expect(asked.values == ["gzip", "none"])
    }
}
