import Foundation
import GoogleEmulator
import LocalHTTPServer
import Testing

@testable import GoogleAPIRuntime

@Suite("Simple and multipart uploads")
struct SimpleAndMultipartUploadTests {
    private static func backend(captured: Recorder<HTTPServerRequest>) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.post("/upload/drive/v3/files") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                captured.append(request)
                // Like Drive, `size` is the media's size: the whole body only for uploadType=media
                // (the runtime checks it against what it sent).
                let size = request.queryValue("uploadType") == "media" ? #","size":"\#(request.body.count)""# : ""
                return .json(Data(#"{"id":"new-file"\#(size)}"#.utf8))
            }
        }
    }

    private var call: APICall {
        APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
    }

    @Test func smallMediaWithoutMetadataUsesSimpleUpload() async throws {
        let captured = Recorder<HTTPServerRequest>()
        let backend = try Self.backend(captured: captured)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let payload = Data("hello media".utf8)
        _ = try await client.upload(call, media: MediaUpload(.data(payload), contentType: "text/plain"), as: TestFile.self)
        let request = try #require(captured.values.first)
        #expect(request.queryValue("uploadType") == "media")
        #expect(request.headers["Content-Type"] == "text/plain")
        #expect(request.body == payload)
    }

    @Test(arguments: [false, true])
    func multipartBodyHasMetadataThenMedia(fromFile: Bool) async throws {
        let captured = Recorder<HTTPServerRequest>()
        let backend = try Self.backend(captured: captured)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        var payload = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        payload.append(Data("\r\n--not-the-boundary--\r\n".utf8))
        let file = directory.file("media.bin")
        try payload.write(to: file)
        var call = call
        call.setBody(TestFile(name: "report.pdf", parents: ["root"]))
        let media = MediaUpload(fromFile ? .file(file) : .data(payload), contentType: "application/pdf")
        _ = try await client.upload(call, media: media, as: TestFile.self)

        let request = try #require(captured.values.first)
        #expect(request.queryValue("uploadType") == "multipart")
        let contentType = try #require(request.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/related; boundary="))
        let boundary = String(contentType.dropFirst("multipart/related; boundary=".count))
        #expect(payload.range(of: Data(boundary.utf8)) == nil)
        let metadata = Data(#"{"name":"report.pdf","parents":["root"]}"#.utf8)
        var expected = Data("--\(boundary)\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8)
        expected.append(metadata)
        expected.append(Data("\r\n--\(boundary)\r\nContent-Type: application/pdf\r\n\r\n".utf8))
        expected.append(payload)
        expected.append(Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(request.body == expected)
    }

    @Test func automaticStrategyPicksByMetadataAndSize() throws {
        let backend = try TestBackend()
        let client = backend.client(session: backend.session(store: InMemoryTokenStore()))
        let small = MediaUpload(.data(Data(count: 10)), contentType: "a/b")
        #expect(client.resolvedStrategy(call, media: small, size: 10) == .simple)
        var withMetadata = call
        withMetadata.setBody(TestFile(name: "x"))
        #expect(client.resolvedStrategy(withMetadata, media: small, size: 10) == .multipart)
        #expect(client.resolvedStrategy(withMetadata, media: small, size: 6 << 20) == .resumable(chunkSize: 8 << 20))
        let forced = MediaUpload(.data(Data(count: 10)), contentType: "a/b", strategy: .resumable(chunkSize: 1 << 20))
        #expect(client.resolvedStrategy(call, media: forced, size: 10) == .resumable(chunkSize: 1 << 20))
    }
}
