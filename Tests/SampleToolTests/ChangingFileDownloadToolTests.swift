import Foundation
import GoogleEmulator
import Testing

/// `drive files download` when the file changes between a dropped connection and the resume.
@Suite("drive files download with a file that changes mid-download")
struct ChangingFileDownloadToolTests {
    @Test("The saved file is entirely the new version, never a mix", arguments: [100_000, 700_000])
    func restartsOnNewVersion(cut: Int) async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let old = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let new = Data((0..<900_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) })
        let id = try fixture.emulator.addDriveFile(name: "changing.bin", content: old)
        fixture.emulator.faults.enqueue(.dropConnection(afterBytes: cut), matching: "/drive/v3/files/\(id)?alt=media")
        fixture.emulator.changeDriveFileContent(id, to: new, afterDownloads: 1)

        let destination = fixture.directory.appendingPathComponent("changing.bin")
        let download = try await fixture.run("drive", "files", "download", "--output", destination.path, "--", id)
        #expect(download.status == 0, "\(download.standardError.suffix(400))")
        #expect(try Data(contentsOf: destination) == new)
        #expect(fixture.emulator.faults.pendingCount == 0, "the drop happened")
    }
}
