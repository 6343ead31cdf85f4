import Foundation
import GoogleEmulator
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - StateFileToolTests

/// The tools' state files (the changes token, the quota ledger, a download's `.partial`) when
/// something else is where they should be: a FIFO is refused at once naming the file (it hung the
/// tool in `open()`), an impossible ledger is not believed, and a refused `.partial` is not
/// described as resumable.
@Suite("Sample tools with planted state files")
struct StateFileToolTests {
    @Test("A FIFO where the changes token file should be: drive changes tail exits at once naming it")
    func fifoChangesToken() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let first = try await fixture.run("drive", "changes", "tail", "--once")
        #expect(first.status == 0, "\(first.standardError)")
        let folder = fixture.tokenStore.deletingLastPathComponent()
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("changes-") })
        let file = folder.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        let result = try await fixture.run("drive", "changes", "tail", "--once")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains(file.path) && result.standardError.contains("a FIFO"), "\(result.standardError)")
    }

    @Test("A FIFO where the quota ledger should be: youtube-live quota exits at once naming it")
    func fifoLedger() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let ledger = fixture.tokenStore.deletingLastPathComponent().appendingPathComponent("quota.json")
        #expect(mkfifo(ledger.path, 0o600) == 0)
        let result = try await fixture.run("youtube-live", "quota", "--json")
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains(ledger.path) && result.standardError.contains("a FIFO"), "\(result.standardError)")
    }

    @Test("FIFOs at the token store's and the quota ledger's lock files: the tools exit at once naming them")
    func fifoLockFiles() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        // The ledger's lock: taken by the first call it prices.
        let ledgerLock = fixture.tokenStore.deletingLastPathComponent().appendingPathComponent("quota.json.lock").path
        try? FileManager.default.removeItem(atPath: ledgerLock)
        #expect(mkfifo(ledgerLock, 0o600) == 0)
        fixture.emulator.clearRecordedRequests()
        let list = try await fixture.run("youtube-live", "broadcasts", "list")
        #expect(list.status == 1, "\(list.standardError)")
        #expect(list.standardError.contains(ledgerLock) && list.standardError.contains("a FIFO"), "\(list.standardError)")
        #expect(!fixture.emulator.recordedRequests.contains { $0.path.hasPrefix("/youtube/") }, "nothing sent")
        unlink(ledgerLock)

        // The token store's lock: taken to delete the tokens on logout (the revocation goes first).
        let tokenLock = fixture.tokenStore.path + ".lock"
        try? FileManager.default.removeItem(atPath: tokenLock)
        #expect(mkfifo(tokenLock, 0o600) == 0)
        let logout = try await fixture.run("youtube-live", "logout")
        #expect(logout.status != 0, "\(logout.standardOutput)")
        #expect(logout.standardError.contains(tokenLock) && logout.standardError.contains("a FIFO"), "\(logout.standardError)")
        unlink(tokenLock)
    }

    @Test("A ledger that says spent -99999999 is refused, naming the file; nothing is sent")
    func negativeLedger() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let before = try await fixture.run("youtube-live", "quota", "--json")
        #expect(before.status == 0, "\(before.standardError)")
        let ledger = fixture.tokenStore.deletingLastPathComponent().appendingPathComponent("quota.json")
        // Whatever project and day the tool wrote, the count becomes negative.
        var text = try String(contentsOf: ledger, encoding: .utf8)
        if !text.contains("\"spent\"") {
            let day = DateFormatter()
            day.timeZone = TimeZone(identifier: "America/Los_Angeles")
            day.dateFormat = "yyyy-MM-dd"
            text = #"{"version":1,"projects":{"default":{"day":"\#(day.string(from: Date()))","spent":0,"exhausted":false}}}"#
        }
        text = text.replacingOccurrences(of: #""spent":\s*\d+"#, with: #""spent":-99999999"#, options: .regularExpression)
        try Data(text.utf8).write(to: ledger)
        #expect(chmod(ledger.path, 0o600) == 0)
        fixture.emulator.clearRecordedRequests()
        let quota = try await fixture.run("youtube-live", "quota", "--json")
        #expect(quota.status == 1, "\(quota.standardOutput)")
        #expect(quota.standardError.contains(ledger.path) && quota.standardError.contains("-99999999"), "\(quota.standardError)")
        let list = try await fixture.run("youtube-live", "broadcasts", "list")
        #expect(list.status == 1, "\(list.standardError)")
        #expect(!fixture.emulator.recordedRequests.contains { $0.path.hasPrefix("/youtube/") }, "nothing sent")
    }

    @Test("A refused .partial symlink is not described as a download to continue")
    func plantedPartialSymlink() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let id = try fixture.emulator.addDriveFile(name: "small.bin", content: Data(repeating: 7, count: 10_000))
        let destination = fixture.directory.appendingPathComponent("small.bin")
        let elsewhere = fixture.directory.appendingPathComponent("elsewhere")
        try Data("keep".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(
            atPath: destination.path + ".partial", withDestinationPath: elsewhere.path)
        let result = try await fixture.run("drive", "files", "download", "--output", destination.path, "--", id)
        #expect(result.status != 0)
        #expect(!result.standardError.contains("to continue it"), "\(result.standardError)")
        #expect(result.standardError.contains("not a regular file"), "\(result.standardError)")
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "keep")
    }
}
