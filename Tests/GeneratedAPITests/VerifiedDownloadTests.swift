import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import Testing

/// `Drive.downloadContent(of:to:)` checks the bytes against the metadata's size and MD5.
@Suite("Drive downloads verified against metadata")
struct VerifiedDownloadTests {
    private func setUp() async throws -> (EmulatorBackend, Drive, String, ScratchDirectory) {
        let backend = try EmulatorBackend(scopes: ["https://www.googleapis.com/auth/drive"])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let id = try backend.emulator.addDriveFile(name: "v.bin", content: Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0) }))
        return (backend, drive, id, try ScratchDirectory())
    }

    @Test("Matching metadata downloads the file")
    func matching() async throws {
        let (backend, drive, id, scratch) = try await setUp()
        defer { scratch.remove() }
        let file = try await drive.files.get(fileId: id, fields: [.id, .name, .size, .md5Checksum])
        #expect(file.md5Checksum != nil)
        try await drive.downloadContent(of: file, to: scratch.file("ok.bin"))
        #expect(try Data(contentsOf: scratch.file("ok.bin")) == backend.emulator.driveFileContent(id))
    }

    @Test("A wrong md5Checksum or size fails with integrityCheckFailed")
    func mismatch() async throws {
        let (backend, drive, id, scratch) = try await setUp()
        defer { scratch.remove() }
        _ = backend
        var file = try await drive.files.get(fileId: id, fields: [.id, .name, .size, .md5Checksum])
        file.md5Checksum = "0123456789abcdef0123456789abcdef"
        await #expect {
            try await drive.downloadContent(of: file, to: scratch.file("bad.bin"))
        } throws: { error in
            if (error as? GoogleAPIClientError)?.code == .integrityCheckFailed { return true }
            return false
        }
        var sized = try await drive.files.get(fileId: id, fields: [.id, .name, .size, .md5Checksum])
        sized.size = 49_999
        await #expect {
            try await drive.downloadContent(of: sized, to: scratch.file("bad2.bin"))
        } throws: { error in
            if (error as? GoogleAPIClientError)?.code == .integrityCheckFailed { return true }
            return false
        }
    }
}
