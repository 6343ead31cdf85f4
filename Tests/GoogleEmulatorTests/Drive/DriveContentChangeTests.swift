import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// Test controls that change a file between download attempts.
@Suite("Drive content changes between downloads")
struct DriveContentChangeTests {
    @Test("A scheduled change applies after the given downloads; the new version has a new ETag and MD5")
    func scheduledChange() async throws {
        let harness = try EmulatorHarness()
        let old = Data(repeating: 1, count: 500)
        let new = Data(repeating: 2, count: 700)
        let id = try harness.emulator.addDriveFile(name: "c.bin", content: old)
        let oldMD5 = harness.emulator.driveFileMD5(id)
        harness.emulator.changeDriveFileContent(id, to: new, afterDownloads: 1)

        let first = try await harness.send(.get, "/drive/v3/files/\(id)?alt=media")
        #expect(first.body == old)
        let second = try await harness.send(.get, "/drive/v3/files/\(id)?alt=media")
        #expect(second.body == new)
        #expect(first.headers["ETag"] != second.headers["ETag"])
        #expect(harness.emulator.driveFileMD5(id) != oldMD5)
        #expect(harness.emulator.driveFileContent(id) == new)
    }

    @Test("replaceDriveFileContent changes the content at once; only binary files can change")
    func immediateChange() async throws {
        let harness = try EmulatorHarness()
        let id = try harness.emulator.addDriveFile(name: "d.bin", content: Data("one".utf8))
        #expect(try harness.emulator.replaceDriveFileContent(id, with: Data("two!".utf8)))
        let response = try await harness.send(.get, "/drive/v3/files/\(id)?alt=media")
        #expect(response.body == Data("two!".utf8))
        #expect(try !harness.emulator.replaceDriveFileContent("missing", with: Data()))
    }
}
