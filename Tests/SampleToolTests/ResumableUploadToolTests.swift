import Foundation
import GoogleEmulator
import TestSupport
import Testing

/// `drive files upload` killed mid-way and continued with `--resume`, as separate processes.
@Suite("drive files upload --resume")
struct ResumableUploadToolTests {
    private static let chunk = 256 * 1024

    /// The saved sessions next to the fixture's token store.
    private static func savedSessions(_ fixture: ToolFixture) -> [URL] {
        let folder = fixture.tokenStore.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("upload-") && $0.hasSuffix(".json") }.map { folder.appendingPathComponent($0) }
    }

    /// The `session` object of a saved session file.
    private static func session(in file: URL) -> [String: Any]? {
        guard let data = try? Data(contentsOf: file),
            let envelope = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return envelope["session"] as? [String: Any]
    }

    private static func confirmedBytes(_ session: [String: Any]?) -> Int {
        (session?["confirmedBytes"] as? NSNumber)?.intValue ?? 0
    }

    @Test("SIGKILL once the saved session shows progress; --resume sends the rest and the stored bytes equal the file")
    func killedUploadResumes() async throws {
        let fixture = try ToolFixture()
        #expect(try await fixture.login("drive").status == 0)
        let source = fixture.directory.appendingPathComponent("recording.bin")
        let payload = PatternData.make(size: 12 * Self.chunk + 123, blockSize: Self.chunk)
        try payload.write(to: source)
        let totalChunks = (payload.count + Self.chunk - 1) / Self.chunk

        // The first two chunks are answered; from the third on every answer (the emulator has
        // stored the chunk) is held for minutes, so the upload cannot finish before it is killed
        // however long this test's task waits for a cooperative thread on a loaded machine.
        fixture.emulator.faults.enqueue(.delay(.zero), matching: "/upload/drive/v3/files", method: .put, count: 2)
        fixture.emulator.faults.enqueue(.delay(.seconds(600)), matching: "/upload/drive/v3/files", method: .put, count: 1000)
        let process = try ChildProcess.start(
            ToolProcess.productsDirectory.appendingPathComponent("drive"),
            ["files", "upload", source.path, "--chunk-size", String(Self.chunk), "--json"],
            environment: fixture.environment)

        // Wait (up to two minutes on a busy machine) until two chunks are confirmed and saved.
        var saved: [String: Any]?
        for _ in 0..<1200 {
            if let file = Self.savedSessions(fixture).first, Self.confirmedBytes(Self.session(in: file)) >= 2 * Self.chunk {
                saved = Self.session(in: file)
                break
            }
            if process.hasExited { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.signal(SIGKILL)
        let killed = await process.finish()
        #expect(killed.status == 128 + SIGKILL, "the tool should have been killed mid-upload")
        let session = try #require(saved, "the saved session never showed two confirmed chunks")
        let confirmed = Self.confirmedBytes(session)
        #expect(confirmed < payload.count)
        #expect((session["file"] as? [String: Any])?["path"] as? String == source.standardizedFileURL.path)
        let sessionFile = try #require(Self.savedSessions(fixture).first)
        let attributes = try FileManager.default.attributesOfItem(atPath: sessionFile.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(fixture.emulator.driveFileIDs(named: "recording.bin").isEmpty)

        fixture.emulator.faults.removeAll()
        fixture.emulator.clearRecordedRequests()
        let resume = try await fixture.run(
            "drive", "files", "upload", source.path, "--resume", "--chunk-size", String(Self.chunk), "--json")
        #expect(resume.status == 0, "\(resume.standardError)")
        let created = try JSONSerialization.jsonObject(with: Data(resume.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)
        #expect(fixture.emulator.driveFileContent(id) == payload)
        #expect(fixture.emulator.driveFileIDs(named: "recording.bin") == [id])
        // One status query, then only the chunks the server did not have: nothing was sent twice
        // from the start, and no new upload was started.
        let requests = fixture.emulator.recordedRequests.filter { $0.path.hasPrefix("/upload/drive/v3/files") }
        #expect(requests.allSatisfy { $0.method.rawValue == "PUT" })
        #expect(requests.count <= 1 + totalChunks - confirmed / Self.chunk)
        #expect(Self.savedSessions(fixture).isEmpty, "the saved session is deleted on completion")
    }

    @Test("a failed upload says how to continue; --resume of a file changed since starts over from byte 0 and says so")
    func failedUploadHintsAndChangedFileStartsOver() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let source = fixture.directory.appendingPathComponent("notes.bin")
        try Data(repeating: 7, count: 3 * Self.chunk).write(to: source)
        // The first chunk is answered with a non-retryable error.
        fixture.emulator.faults.enqueue(.status(400), matching: "/upload/drive/v3/files", method: .put)
        let failed = try await fixture.run("drive", "files", "upload", source.path, "--chunk-size", String(Self.chunk))
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("--resume"), "\(failed.standardError)")
        let stale = try #require(Self.savedSessions(fixture).first.flatMap(Self.session(in:)))

        let handle = try FileHandle(forWritingTo: source)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([1]))
        try handle.close()
        let restarted = try await fixture.run("drive", "files", "upload", source.path, "--resume", "--json")
        #expect(restarted.status == 0, "\(restarted.standardError)")
        #expect(restarted.standardError.contains("size changed"), "\(restarted.standardError)")
        #expect(restarted.standardError.contains("Starting the upload over from byte 0"))
        let created = try JSONSerialization.jsonObject(with: Data(restarted.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)
        #expect(fixture.emulator.driveFileContent(id) == (try Data(contentsOf: source)))
        #expect(created?["name"] as? String == "notes.bin")
        #expect(Self.savedSessions(fixture).isEmpty, "the stale session is gone")
        #expect(stale["uri"] != nil)
    }

    @Test("--resume of a session Drive no longer knows starts over from byte 0 and says so")
    func expiredSessionStartsOver() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let source = fixture.directory.appendingPathComponent("clip.bin")
        let payload = PatternData.make(size: 3 * Self.chunk + 5, blockSize: Self.chunk)
        try payload.write(to: source)
        fixture.emulator.faults.enqueue(.delay(.zero), matching: "/upload/drive/v3/files", method: .put, count: 1)
        fixture.emulator.faults.enqueue(.status(400), matching: "/upload/drive/v3/files", method: .put)
        let failed = try await fixture.run("drive", "files", "upload", source.path, "--chunk-size", String(Self.chunk))
        #expect(failed.status == 1)
        #expect(Self.confirmedBytes(Self.savedSessions(fixture).first.flatMap(Self.session(in:))) == Self.chunk)

        fixture.emulator.expireDriveUploadSessions()
        let restarted = try await fixture.run("drive", "files", "upload", source.path, "--resume", "--json")
        #expect(restarted.status == 0, "\(restarted.standardError)")
        #expect(restarted.standardError.contains("can no longer be resumed"), "\(restarted.standardError)")
        #expect(restarted.standardError.contains("Starting the upload over from byte 0"))
        let created = try JSONSerialization.jsonObject(with: Data(restarted.standardOutput.utf8)) as? [String: Any]
        #expect(fixture.emulator.driveFileContent(try #require(created?["id"] as? String)) == payload)
        #expect(Self.savedSessions(fixture).isEmpty)
    }

    @Test("--resume with nothing saved fails; --resume with --name is a usage error")
    func resumeWithoutSavedSession() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let source = fixture.directory.appendingPathComponent("small.bin")
        try Data("hello".utf8).write(to: source)
        let nothing = try await fixture.run("drive", "files", "upload", source.path, "--resume")
        #expect(nothing.status == 1)
        #expect(nothing.standardError.contains("no interrupted upload"))
        let usage = try await fixture.run("drive", "files", "upload", source.path, "--resume", "--name", "x")
        #expect(usage.status == 2)
    }
}
