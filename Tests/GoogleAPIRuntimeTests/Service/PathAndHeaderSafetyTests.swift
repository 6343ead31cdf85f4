import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

/// Path parameters stay in their segment; header values cannot break out of batch parts
/// (issue 10, point 3).
@Suite("Path parameters and batch part headers")
struct PathAndHeaderSafetyTests {
    @Test("Empty, '.' and '..' are refused in {name} expansions", arguments: ["", ".", ".."])
    func dotSegmentsRefused(value: String) {
        #expect(throws: GoogleAPIClientError.self) {
            _ = try URITemplate.expand("files/{fileId}", values: ["fileId": value])
        }
    }

    @Test(
        "Dot segments are refused inside {+name} expansions, percent-encoded ones too",
        arguments: [
            "..", "a/../b", "a/./b", "a/%2e%2E", "%2E/x", "",
        ])
    func reservedDotSegmentsRefused(value: String) {
        #expect(throws: GoogleAPIClientError.self) {
            _ = try URITemplate.expand("v1/{+name}", values: ["name": value])
        }
    }

    @Test("Ordinary values with dots still expand", arguments: [("a.b", "files/a.b"), ("...", "files/..."), (".x", "files/.x")])
    func dotsInsideValuesAllowed(value: String, expected: String) throws {
        #expect(try URITemplate.expand("files/{fileId}", values: ["fileId": value]) == expected)
        #expect(try URITemplate.expand("v1/{+name}", values: ["name": "projects/p/\(value)"]) == "v1/projects/p/\(value)")
    }

    @Test(
        "CR, LF or NUL in a batch part header is refused before sending",
        arguments: [
            "a\r\nX-Injected: 1", "a\nGET /drive/v3/files/other HTTP/1.1", "a\u{0}b",
        ])
    func batchHeaderInjection(value: String) async throws {
        let batches = Recorder<String>()
        let backend = try TestBackend { router, _ in
            router.post("/batch/drive/v3") { request, _ in
                batches.append(String(decoding: request.body, as: UTF8.self))
                return .text("unexpected", status: 500)
            }
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "f")
        call.headers["X-Note"] = value
        await #expect(throws: GoogleAPIClientError.self) { _ = try await client.batch([call]) }
        #expect(batches.count == 0)
    }
}
