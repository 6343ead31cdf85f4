import Foundation
import GoogleAPIRuntime
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileUploadSessionStoreTests

/// The public store for resumable-upload sessions: the file is private (0600 in a 0700 folder),
/// replaced atomically, refused when others can reach it, and damaged files are typed errors that
/// never repeat the session URI.
@Suite struct FileUploadSessionStoreTests {
    static let secret = "AJRbA5V-secret-upload-id"
    static func session(confirmed: Int64 = 256 * 1024) -> ResumableUploadSession {
        ResumableUploadSession(
            uri: URL(string: "https://www.googleapis.com/upload/drive/v3/files?uploadType=resumable&upload_id=\(secret)")!,
            totalBytes: 1 << 20, contentType: "video/mp4", confirmedBytes: confirmed,
            file: UploadFileIdentity(
                path: "/tmp/video.mp4", byteCount: 1 << 20, modificationTimeNanoseconds: 1_700_000_000_000_000_000, fileNumber: 42))
    }

    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0o7777
    }

    @Test("save, load and delete round-trip; the file is 0600 in a new 0700 folder, no temporary file left")
    func roundTrip() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("app/state", isDirectory: true)
        let store = FileUploadSessionStore(fileURL: folder.appendingPathComponent("upload.json"))
        #expect(try await store.load() == nil)

        try await store.save(Self.session())
        #expect(try await store.load() == Self.session())
        #expect(Self.mode(store.fileURL.path) == 0o600)
        #expect(Self.mode(folder.path) == 0o700)
        try await store.save(Self.session(confirmed: 512 * 1024))
        #expect(try await store.load()?.confirmedBytes == 512 * 1024)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["upload.json"])
        #expect(!store.description.contains(Self.secret))

        try await store.delete()
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        #expect(try await store.load() == nil)
        try await store.delete()  // a missing file is not an error
    }

    @Test("one file per source path, the same after a restart, distinct for another path")
    func namedBySource() {
        let directory = URL(fileURLWithPath: "/var/lib/app")
        let one = FileUploadSessionStore(directory: directory, source: URL(fileURLWithPath: "/home/a/video.mp4"))
        let again = FileUploadSessionStore(directory: directory, source: URL(fileURLWithPath: "/home/a/./video.mp4"))
        let other = FileUploadSessionStore(directory: directory, source: URL(fileURLWithPath: "/home/a/talk.mp4"))
        #expect(one == again)
        #expect(one != other)
        #expect(one.fileURL.deletingLastPathComponent().path == "/var/lib/app")
        #expect(one.fileURL.lastPathComponent.hasPrefix("upload-") && one.fileURL.pathExtension == "json")
    }

    @Test("concurrent saves leave one whole session, never a mix or half of one")
    func concurrentSavesAreAtomic() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileUploadSessionStore(fileURL: root.appendingPathComponent("upload.json"))
        let values = (1...16).map { Int64($0) * 64 * 1024 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for value in values {
                group.addTask { try await store.save(Self.session(confirmed: value)) }
                group.addTask { _ = try await store.load() }  // a reader never sees a partial file
            }
            try await group.waitForAll()
        }
        let loaded = try #require(try await store.load())
        #expect(values.contains(loaded.confirmedBytes))
        #expect(loaded == Self.session(confirmed: loaded.confirmedBytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["upload.json"])
    }

    @Test(
        "a session file other users can read or write is refused, naming the file and not the URI",
        arguments: [0o644, 0o640, 0o606])
    func permissiveFileIsRefused(mode: Int) async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileUploadSessionStore(fileURL: root.appendingPathComponent("upload.json"))
        try await store.save(Self.session())
        chmod(store.fileURL.path, mode_t(mode))
        let error = await #expect(throws: UploadSessionStoreError.self) { _ = try await store.load() }
        guard case .unsafeFile(let path, let reason) = error else {
            Issue.record("expected unsafeFile, got \(String(describing: error))")
            return
        }
        #expect(path == store.fileURL.path)
        #expect(reason.contains(String(mode, radix: 8)))
        #expect(!"\(error!)".contains(Self.secret))
        // Saving again writes a fresh private file.
        try await store.save(Self.session())
        #expect(Self.mode(store.fileURL.path) == 0o600)
        #expect(try await store.load() == Self.session())
    }

    @Test(
        "damaged files are typed errors that never repeat the file's text",
        arguments: [
            "", "not json", #"{"version": 2, "session": {}}"#, #"{"version": 1}"#,
            #"{"version": 1, "session": {"uri": "file:///AJRbA5V-secret-upload-id", "totalBytes": 3}}"#,
            #"{"version": 1, "session": {"uri": "https://x.example/u?upload_id=AJRbA5V-secret-upload-id", "totalBytes": 3, "confirmedBytes": 9}}"#,
            #"{"version": 1, "session": {"uri": "https://x.example/u?upload_id=AJRbA5V-secret-upload-id", "totalBytes": "3"}}"#,
        ])
    func damagedFile(text: String) async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileUploadSessionStore(fileURL: root.appendingPathComponent("upload.json"))
        let descriptor = open(store.fileURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(descriptor >= 0)
        _ = text.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        let error = await #expect(throws: UploadSessionStoreError.self) { _ = try await store.load() }
        guard case .corrupt(let path, _) = error else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(path == store.fileURL.path)
        #expect(!"\(error!)".contains(Self.secret))
    }

    @Test("a file far larger than a session is refused without reading it all")
    func oversizedFile() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileUploadSessionStore(fileURL: root.appendingPathComponent("upload.json"))
        _ = FileManager.default.createFile(
            atPath: store.fileURL.path, contents: Data(repeating: 0x20, count: 4 << 20), attributes: [.posixPermissions: 0o600])
        let error = await #expect(throws: UploadSessionStoreError.self) { _ = try await store.load() }
        #expect(error.map { "\($0)" }?.contains("64 KiB") == true)
    }

    @Test("a FIFO where the session file should be is refused at once, naming it, and the message does not promise a resume")
    func fifoIsRefused() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("upload.json")
        #expect(mkfifo(file.path, 0o600) == 0)
        do {
            _ = try await FileUploadSessionStore(fileURL: file).load()
            Issue.record("a FIFO was read as a session")
        } catch let error as UploadSessionStoreError {
            #expect("\(error)".contains(file.path) && "\(error)".contains("a FIFO"), "\(error)")
        }
    }
}
