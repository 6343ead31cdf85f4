import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// Upload answers that do not match what was sent, and hostile numbers in them (issue 10,
/// points 1 to 3).
@Suite("Upload edges: stored size and MD5, absurd ranges, header injection")
struct UploadEdgeTests {
    private func call() -> APICall {
        APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
    }

    private func client(_ routes: @escaping (inout HTTPRouter, OAuthEmulator) -> Void) throws -> (TestBackend, GoogleServiceClient) {
        let backend = try TestBackend(routes: routes)
        return (backend, backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials()))))
    }

    @Test("A simple upload whose answer reports another size fails")
    func sizeMismatch() async throws {
        let (backend, client) = try client { router, _ in
            router.post("/upload/drive/v3/files") { _, _ in .json(Data(#"{"id":"f","size":"5"}"#.utf8)) }
        }
        _ = backend
        let error = try await #require(throws: (any Error).self) {
            try await client.upload(
                call(), media: MediaUpload(.data(Data(count: 10)), contentType: "application/octet-stream", strategy: .simple))
        }
        #expect("\(error)".contains("integrity"), "\(error)")
    }

    @Test("A resumable upload whose final answer reports another MD5 fails")
    func md5Mismatch() async throws {
        let (backend, client) = try client { router, _ in
            router.post("/upload/drive/v3/files") { request, _ in
                var response = HTTPServerResponse.json(Data("{}".utf8))
                response.headers["Location"] = "http://\(request.headers["Host"] ?? "")/upload/drive/v3/files?upload_id=1"
                return response
            }
            router.put("/upload/drive/v3/files") { _, _ in
                .json(Data(#"{"id":"f","size":"4","md5Checksum":"00000000000000000000000000000000"}"#.utf8))
            }
        }
        _ = backend
        let media = MediaUpload(.data(Data("abcd".utf8)), contentType: "text/plain", strategy: .resumable())
        let error = try await #require(throws: (any Error).self) { try await client.upload(call(), media: media) }
        #expect("\(error)".contains("MD5"), "\(error)")
    }

    @Test("Matching size and MD5 pass")
    func matchingChecksumsPass() async throws {
        // MD5("abcd") = e2fc714c4727ee9395f324cd2e7f331f
        let (backend, client) = try client { router, _ in
            router.post("/upload/drive/v3/files") { _, _ in
                .json(Data(#"{"id":"f","size":"4","md5Checksum":"e2fc714c4727ee9395f324cd2e7f331f"}"#.utf8))
            }
        }
        _ = backend
        try await client.upload(call(), media: MediaUpload(.data(Data("abcd".utf8)), contentType: "text/plain", strategy: .simple))
    }

    @Test("A 308 with Range bytes=0-9223372036854775807 is a typed error, not an overflow trap")
    func overflowingRange() async throws {
        let (backend, client) = try client { router, _ in
            router.post("/upload/drive/v3/files") { request, _ in
                var response = HTTPServerResponse.json(Data("{}".utf8))
                response.headers["Location"] = "http://\(request.headers["Host"] ?? "")/upload/drive/v3/files?upload_id=1"
                return response
            }
            router.put("/upload/drive/v3/files") { _, _ in
                HTTPServerResponse(status: 308, headers: ["Range": "bytes=0-9223372036854775807"])
            }
        }
        _ = backend
        let media = MediaUpload(.data(Data(count: 1000)), contentType: "application/octet-stream", strategy: .resumable())
        let error = try await #require(throws: (any Error).self) { try await client.upload(call(), media: media) }
        #expect("\(error)".contains("Range"), "\(error)")
    }

    @Test(
        "CR or LF in a multipart media Content-Type is refused before sending",
        arguments: [
            "text/plain\r\nX-Injected: 1", "text/plain\nX-Injected: 1", "text/plain\u{0}",
        ])
    func multipartContentTypeInjection(contentType: String) async throws {
        let requests = Recorder<String>()
        let (backend, client) = try client { router, _ in
            router.post("/upload/drive/v3/files") { request, _ in
                requests.append(String(decoding: request.body, as: UTF8.self))
                return .json(Data(#"{"id":"f"}"#.utf8))
            }
        }
        _ = backend
        var withBody = call()
        withBody.setBody(["name": "x"])
        let media = MediaUpload(.data(Data("abcd".utf8)), contentType: contentType, strategy: .multipart)
        await #expect(throws: (any Error).self) { try await client.upload(withBody, media: media) }
        #expect(requests.count == 0)
    }
}
