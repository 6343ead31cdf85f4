import Foundation
import GoogleEmulator
import LocalHTTPServer
import Testing

@testable import GoogleAPIRuntime

/// `download(_:to:expecting:)`: the bytes must match the size and MD5 the caller knows.
@Suite("Download integrity against known metadata")
struct DownloadIntegrityTests {
    private static let content = Data("The quick brown fox jumps over the lazy dog".utf8)
    private static let md5 = "9e107d9d372bb6826bd81d3542a419d6"

    private func call() -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "f")
        return call
    }

    private func client(extraHeaders: GoogleHTTPHeaders = [:]) throws -> (TestBackend, GoogleServiceClient) {
        let backend = try TestBackend { router, oauth in
            router.get("/drive/v3/files/{fileId}") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                var headers: GoogleHTTPHeaders = ["ETag": "\"e\""]
                for field in extraHeaders { headers[field.name] = field.value }
                return HTTPServerResponse(status: 200, headers: headers, body: .data(Self.content))
            }
        }
        return (backend, backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials()))))
    }

    @Test(
        "Matching size and MD5 download; a wrong MD5 or size is integrityCheckFailed",
        arguments: [
            (MediaIntegrity(byteCount: 43, md5Checksum: md5), true),
            (MediaIntegrity(byteCount: nil, md5Checksum: md5.uppercased()), true),
            (MediaIntegrity(byteCount: 43, md5Checksum: "00000000000000000000000000000000"), false),
            (MediaIntegrity(byteCount: 44, md5Checksum: nil), false),
        ])
    func verifies(expected: MediaIntegrity, succeeds: Bool) async throws {
        let (backend, client) = try client()
        _ = backend
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        if succeeds {
            try await client.download(call(), to: directory.file("ok"), expecting: expected)
            #expect(try Data(contentsOf: directory.file("ok")) == Self.content)
            var streamed = Data()
            for try await chunk in try await client.downloadStream(call(), expecting: expected) { streamed.append(chunk) }
            #expect(streamed == Self.content)
        } else {
            await #expect {
                try await client.download(call(), to: directory.file("bad"), expecting: expected)
            } throws: { error in
                if (error as? GoogleAPIClientError)?.code == .integrityCheckFailed { return true }
                return false
            }
        }
    }

    @Test("X-Goog-Hash md5 parses to hex; other forms are ignored")
    func googHash() {
        #expect(MediaIntegrityVerifier.md5Hex(googHash: "crc32c=n03x6A==, md5=nhB9nTcrtoJr2B01QqQZ1g==") == Self.md5)
        #expect(MediaIntegrityVerifier.md5Hex(googHash: "crc32c=n03x6A==") == nil)
        #expect(MediaIntegrityVerifier.md5Hex(googHash: "md5=!!") == nil)
        #expect(MediaIntegrityVerifier.md5Hex(googHash: nil) == nil)
    }
}
