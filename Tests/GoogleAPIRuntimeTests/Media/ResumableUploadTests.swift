import Foundation
import GoogleEmulator
import LocalHTTPServer
import Testing

@testable import GoogleAPIRuntime

@Suite("Resumable uploads")
struct ResumableUploadTests {
    @Test func interruptedSixtyFourMiBUploadFinishesByteIdentical() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        try writePatternFile(source, size: 64 << 20)
        let state = ResumableUploadServerState(directory: directory.url, interruptChunks: [2, 5, 8, 11, 14])
        let backend = try TestBackend { router, oauth in state.register(&router, oauth: oauth) }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let progress = Recorder<Int64>()
        var call = APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
        call.setBody(TestFile(name: "big.bin"))
        let media = MediaUpload(.file(source), contentType: "application/octet-stream", strategy: .resumable(chunkSize: 3 << 20)) {
            progress.append($0.completedBytes)
        }
        let file = try await client.upload(call, media: media, as: TestFile.self)
        #expect(file.size == 64 << 20)
        #expect(state.interruptions.count == 5)
        #expect(state.statusQueries.count >= 5)
        let fileID = try #require(file.id)
        let stored = try #require(state.storedFile(id: fileID))
        #expect(try filesAreIdentical(source, stored))
        #expect(progress.values.last == 64 << 20)
    }

    @Test func sessionCanBeResumedLaterFromItsURI() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("source.bin")
        try writePatternFile(source, size: 3 << 20 + 12345)
        let state = ResumableUploadServerState(directory: directory.url, interruptChunks: [])
        let backend = try TestBackend { router, oauth in state.register(&router, oauth: oauth) }
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()))
        let client = backend.client(session: session)
        let call = APICall(method: .post, path: "files", scopes: [], mediaUploadPath: "/upload/drive/v3/files")
        let media = MediaUpload(.file(source), contentType: "video/mp4", strategy: .resumable(chunkSize: 1 << 20))
        let started = try await client.startResumableUpload(call, media: media)
        #expect(started.totalBytes == 3 << 20 + 12345)
        let uploadID = try #require(
            URLComponents(url: started.uri, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "upload_id" }?.value)
        #expect(!started.description.contains(uploadID))

        // Another "process" sent the first MiB, then went away.
        var first = GoogleHTTPRequest(method: .put, url: started.uri, body: .file(source, offset: 0, length: 1 << 20))
        first.headers["Content-Range"] = "bytes 0-\((1 << 20) - 1)/\(started.totalBytes)"
        #expect(try await session.send(first, idempotent: true).status == 308)

        // The persisted session is all a new process needs.
        let persisted = try GoogleJSONEncoder().encode(started)
        let restored = try GoogleJSONDecoder().decode(ResumableUploadSession.self, from: persisted)
        let freshClient = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let file = try await restored.resume(client: freshClient, media: media, as: TestFile.self)
        #expect(file.size == started.totalBytes)
        #expect(state.statusQueries.values == [1 << 20])
        let fileID = try #require(file.id)
        let stored = try #require(state.storedFile(id: fileID))
        #expect(try filesAreIdentical(source, stored))
    }

    @Test func nextOffsetComesFromTheRangeHeader() throws {
        #expect(try ResumableUploader.nextOffset(from: ["Range": "bytes=0-262143"], total: 1 << 20) == 262_144)
        #expect(try ResumableUploader.nextOffset(from: [:], total: 1 << 20) == 0)
        #expect(try ResumableUploader.nextOffset(from: ["Range": "garbage"], total: 1 << 20) == 0)
    }

    @Test(
        "A Range beyond the upload, or one whose end + 1 overflows, is a typed error",
        arguments: [
            "bytes=0-9223372036854775807", "bytes=0-1048576", "bytes=0-99999999999",
        ])
    func nextOffsetRefusesImpossibleRanges(range: String) {
        #expect(throws: GoogleAPIClientError.self) {
            _ = try ResumableUploader.nextOffset(from: ["Range": range], total: 1 << 20)
        }
    }

    @Test func chunkSizeIsAMultipleOf256KiB() {
        let backend = try? TestBackend()
        guard let backend else { return }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore()))
        let media = MediaUpload(.data(Data()), contentType: "a/b")
        let session = ResumableUploadSession(uri: backend.baseURL, totalBytes: 0)
        #expect(ResumableUploader(client: client, uploadSession: session, media: media, chunkSize: 1_000_000).chunkSize == 786_432)
        #expect(ResumableUploader(client: client, uploadSession: session, media: media, chunkSize: 5).chunkSize == 262_144)
    }
}
