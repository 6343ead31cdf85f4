import Foundation
import GoogleDrive
import GoogleEmulator
import Synchronization
import TestSupport
import Testing

// MARK: - Resumable uploads across a restart

/// A resumable upload interrupted after some chunks, its session saved as JSON and continued
/// through the generated `drive.files.create` — as an app would after a crash.
@Suite struct ResumableUploadRestartTests {
    /// What the tests read of a created file.
    static let fileFields: GoogleFieldMask<Drive.File> = [.id, .name, .size, .md5Checksum]

    private struct Interrupted: Error {}
    private static let chunk = 256 * 1024

    /// An emulator backend with Drive, a scratch folder and a file of `size` bytes in it, no
    /// two chunks alike; the folder goes with the fixture.
    private final class Fixture: Sendable {
        let backend: EmulatorBackend
        let drive: Drive
        let scratch: ScratchDirectory
        let file: URL
        let payload: Data

        init(fileName: String, size: Int) throws {
            backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
            drive = Drive(session: backend.session, rootURL: backend.rootURL)
            scratch = try ScratchDirectory()
            file = scratch.file(fileName)
            payload = PatternData.make(size: size, blockSize: ResumableUploadRestartTests.chunk)
            try payload.write(to: file)
        }

        deinit { scratch.remove() }
    }

    /// Starts an upload of `file` and stops it (as a crash would) once the server has confirmed
    /// `stopAfter` bytes; returns the last session reported, round-tripped through JSON.
    private static func interruptedUpload(_ drive: Drive, file: URL, stopAfter: Int64) async throws -> ResumableUploadSession {
        let saved = Mutex<Data?>(nil)
        let media = MediaUpload.resumable(
            file: file, contentType: "application/octet-stream", chunkSize: chunk,
            sessionDidChange: { session in
                saved.withLock { $0 = try? JSONEncoder().encode(session) }
                if session.confirmedBytes >= stopAfter { throw Interrupted() }
            })
        await #expect(throws: Interrupted.self) {
            _ = try await drive.files.create(
                body: Drive.File(name: file.lastPathComponent), media: media, fields: ResumableUploadRestartTests.fileFields)
        }
        let data = try #require(saved.withLock { $0 })
        return try JSONDecoder().decode(ResumableUploadSession.self, from: data)
    }

    private static func uploadID(_ session: ResumableUploadSession) throws -> String {
        let items = URLComponents(url: session.uri, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return try #require(items.first { $0.name == "upload_id" }?.value)
    }

    @Test("a saved session continues through drive.files.create and the stored bytes equal the file")
    func savedSessionResumesThroughGeneratedMethod() async throws {
        let fixture = try Fixture(fileName: "video.bin", size: 6 * Self.chunk + 1234)
        let (backend, drive, file, payload) = (fixture.backend, fixture.drive, fixture.file, fixture.payload)

        let saved = try await Self.interruptedUpload(drive, file: file, stopAfter: 2 * Int64(Self.chunk))
        #expect(saved.confirmedBytes == 2 * Int64(Self.chunk))
        #expect(saved.totalBytes == Int64(payload.count))
        #expect(saved.file?.path == file.standardizedFileURL.path)
        #expect(saved.file?.byteCount == Int64(payload.count))
        #expect(backend.emulator.resumableSessionReceivedBytes(try Self.uploadID(saved)) == 2 * Int64(Self.chunk))

        // Resume: the metadata is not sent again; progress reports continue from the server's offset.
        let reports = Mutex<[Int64]>([])
        let resumed = MediaUpload.resumable(
            file: file, contentType: "application/octet-stream", resuming: saved, chunkSize: Self.chunk,
            sessionDidChange: { session in reports.withLock { $0.append(session.confirmedBytes) } })
        let created = try await drive.files.create(media: resumed, fields: ResumableUploadRestartTests.fileFields)
        let id = try #require(created.id)
        #expect(created.name == "video.bin")
        #expect(backend.emulator.driveFileContent(id) == payload)
        #expect(reports.withLock { $0 } == (3...6).map { Int64($0 * Self.chunk) })
        #expect(backend.emulator.driveFileIDs(named: "video.bin").count == 1)
    }

    @Test("a session the server forgot is uploadSessionExpired; asked to, the upload restarts from byte 0 and replaces the session")
    func expiredSessionRestarts() async throws {
        let fixture = try Fixture(fileName: "lecture.bin", size: 5 * Self.chunk + 77)
        let (backend, drive, file, payload) = (fixture.backend, fixture.drive, fixture.file, fixture.payload)
        let saved = try await Self.interruptedUpload(drive, file: file, stopAfter: 2 * Int64(Self.chunk))
        backend.emulator.expireDriveUploadSessions()

        // Without the option: its own code, with the remedy.
        let plain = MediaUpload.resumable(file: file, contentType: "application/octet-stream", resuming: saved, chunkSize: Self.chunk)
        do {
            _ = try await drive.files.create(
                body: Drive.File(name: "lecture.bin"), media: plain, fields: ResumableUploadRestartTests.fileFields)
            Issue.record("an expired session must not be resumed")
        } catch let error as GoogleAPIClientError {
            #expect(error.code == .uploadSessionExpired)
            #expect(error.description.contains("start the upload over"))
        }

        // With it: told why, a new session reported (replacing the saved one), all bytes sent.
        let reasons = Mutex<[GoogleAPIClientError.Code]>([])
        let sessions = Mutex<[ResumableUploadSession]>([])
        let restarting = MediaUpload.resumable(
            file: file, contentType: "application/octet-stream", resuming: saved, chunkSize: Self.chunk,
            restartingStaleSession: { error in reasons.withLock { $0.append(error.code) } },
            sessionDidChange: { session in sessions.withLock { $0.append(session) } })
        let created = try await drive.files.create(
            body: Drive.File(name: "lecture.bin"), media: restarting, fields: ResumableUploadRestartTests.fileFields)
        #expect(created.name == "lecture.bin", "the metadata goes with the new session")
        #expect(backend.emulator.driveFileContent(try #require(created.id)) == payload)
        #expect(reasons.withLock { $0 } == [.uploadSessionExpired])
        let reported = sessions.withLock { $0 }
        #expect(reported.first?.confirmedBytes == 0)
        #expect(reported.first?.uri != saved.uri)
    }

    @Test("FileUploadSessionStore keeps the session across a restart: a new process's store value finds it and the upload completes")
    func publicStoreResumesAfterRestart() async throws {
        let fixture = try Fixture(fileName: "talk.bin", size: 4 * Self.chunk + 99)
        let (backend, drive, file, payload) = (fixture.backend, fixture.drive, fixture.file, fixture.payload)
        let state = fixture.scratch.file("state")

        // First run: the store saves every checkpoint; the "crash" comes after two chunks.
        let store = FileUploadSessionStore(directory: state, source: file)
        let first = MediaUpload.resumable(
            file: file, contentType: "application/octet-stream", chunkSize: Self.chunk,
            sessionDidChange: { session in
                try await store.save(session)
                if session.confirmedBytes >= 2 * Int64(Self.chunk) { throw Interrupted() }
            })
        await #expect(throws: Interrupted.self) {
            _ = try await drive.files.create(
                body: Drive.File(name: "talk.bin"), media: first, fields: ResumableUploadRestartTests.fileFields)
        }

        // Second run: only the source path is known.
        let reopened = FileUploadSessionStore(directory: state, source: file)
        let saved = try #require(try await reopened.load())
        #expect(saved.confirmedBytes == 2 * Int64(Self.chunk))
        let resumed = MediaUpload.resumable(
            file: file, contentType: "application/octet-stream", resuming: saved, chunkSize: Self.chunk,
            sessionDidChange: { try await reopened.save($0) })
        let created = try await drive.files.create(media: resumed, fields: ResumableUploadRestartTests.fileFields)
        try await reopened.delete()
        #expect(created.size == Int64(payload.count))
        #expect(backend.emulator.driveFileContent(try #require(created.id)) == payload)
        #expect(try await reopened.load() == nil)
    }

    @Test("resuming refuses a file that changed, before sending anything", arguments: ["append", "rewrite", "replace"])
    func changedFileIsRefused(change: String) async throws {
        let fixture = try Fixture(fileName: "report.bin", size: 3 * Self.chunk)
        let (backend, drive, file, payload, scratch) = (fixture.backend, fixture.drive, fixture.file, fixture.payload, fixture.scratch)
        let saved = try await Self.interruptedUpload(drive, file: file, stopAfter: Int64(Self.chunk))

        switch change {
        case "append":
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1]))
            try handle.close()
        case "rewrite":
            // Same size, same file; only the modification time tells.
            var changed = payload
            changed[payload.count - 1] ^= 0xFF
            let handle = try FileHandle(forWritingTo: file)
            try handle.write(contentsOf: changed)
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: file.path)
        default:
            // Another file with the same bytes moved into place: a new inode.
            let other = scratch.file("other.bin")
            try payload.write(to: other)
            try FileManager.default.removeItem(at: file)
            try FileManager.default.moveItem(at: other, to: file)
        }
        let requestsBefore = backend.emulator.recordedRequests.count
        let media = MediaUpload.resumable(file: file, contentType: "application/octet-stream", resuming: saved)
        let error = await #expect(throws: GoogleAPIClientError.self) {
            _ = try await drive.files.create(media: media, fields: ResumableUploadRestartTests.fileFields)
        }
        guard let error, error.code == .uploadSourceChanged, let path = error.path else {
            Issue.record("expected uploadSourceChanged, got \(String(describing: error))")
            return
        }
        #expect(path == file.standardizedFileURL.path)
        #expect(backend.emulator.recordedRequests.count == requestsBefore)
        #expect(backend.emulator.resumableSessionReceivedBytes(try Self.uploadID(saved)) == Int64(Self.chunk))
    }

    @Test("a session saved before confirmedBytes and file existed still decodes; hostile numbers do not")
    func savedSessionDecoding() throws {
        let old =
            #"{"uri":"https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=abc","totalBytes":10,"contentType":"text/plain"}"#
        let session = try JSONDecoder().decode(ResumableUploadSession.self, from: Data(old.utf8))
        #expect(session.confirmedBytes == 0)
        #expect(session.file == nil)
        #expect(session.totalBytes == 10)
        for hostile in [
            #"{"uri":"https://x.example/u","totalBytes":-1}"#,
            #"{"uri":"https://x.example/u","totalBytes":10,"confirmedBytes":11}"#,
            #"{"uri":"file:///etc/passwd","totalBytes":10}"#,
            #"{"uri":"https://x.example/u","totalBytes":1e400}"#,
        ] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(ResumableUploadSession.self, from: Data(hostile.utf8)) }
        }
        // The description never shows the session URI's query (its upload_id grants access).
        #expect(!session.description.contains("abc"))
    }
}
