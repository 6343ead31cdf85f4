import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

@Suite("Media downloads")
struct MediaDownloadTests {
    private func call(_ id: String = "file-1") -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", id)
        return call
    }

    @Test func interruptedSixtyFourMiBDownloadResumesWithRanges() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        let size: Int64 = 64 << 20
        try writePatternFile(source, size: Int(size))
        let requests = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            registerDownloadRoute(&router, oauth: oauth, file: source, size: size, interruptions: 4, requests: requests)
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let target = directory.file("target.bin")
        let progress = Recorder<Int64>()
        try await client.download(call(), to: target) { progress.append($0.completedBytes) }
        #expect(try filesAreIdentical(source, target))
        #expect(requests.count == 5)
        #expect(requests.values.first == "none")
        #expect(requests.values.dropFirst().allSatisfy { $0.hasPrefix("bytes=") && $0.hasSuffix("-") })
        #expect(progress.values.last == size)
    }

    @Test func serverThatIgnoresRangeRestartsFromZero() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        let size: Int64 = 8 << 20
        try writePatternFile(source, size: Int(size))
        let requests = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            registerDownloadRoute(&router, oauth: oauth, file: source, size: size, interruptions: 2, ignoreRange: true, requests: requests)
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var collected = Data()
        for try await chunk in try await client.downloadStream(call()) { collected.append(chunk) }
        #expect(collected == (try Data(contentsOf: source)))
        #expect(requests.count == 3)
    }

    @Test func streamDownloadResumesToo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        let size: Int64 = 6 << 20 + 777
        try writePatternFile(source, size: Int(size))
        let requests = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            registerDownloadRoute(&router, oauth: oauth, file: source, size: size, interruptions: 3, requests: requests)
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var collected = Data()
        for try await chunk in try await client.downloadStream(call()) { collected.append(chunk) }
        #expect(collected == (try Data(contentsOf: source)))
        #expect(requests.values.filter { $0 != "none" }.count == 3)
    }

    @Test func errorStatusSurfacesBeforeAnyByte() async throws {
        let backend = try TestBackend { router, _ in
            router.get("/drive/v3/files/{fileId}") { _, _ in
                .json(Data(#"{"error":{"code":404,"message":"File not found","errors":[{"reason":"notFound"}]}}"#.utf8), status: 404)
            }
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let error = try await #require(throws: GoogleAPIError.self) { try await client.download(call(), to: directory.file("x")) }
        #expect(error.status == 404 && error.hasReason("notFound"))
    }
}
