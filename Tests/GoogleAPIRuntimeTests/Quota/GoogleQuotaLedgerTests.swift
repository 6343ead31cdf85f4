import Foundation
import GoogleAPIRuntime
import Synchronization
import Testing

/// The ledger's arithmetic, its Pacific days and its file, without a server.
@Suite struct GoogleQuotaLedgerTests {
    /// A ledger file in a fresh folder, a clock the test moves, and a flat price of 5 units.
    struct Fixture {
        let directory: URL
        let clock: Clock

        final class Clock: Sendable {
            let date: Mutex<Date>
            init(_ text: String) { date = Mutex(ISO8601DateFormatter().date(from: text) ?? Date()) }
            func set(_ text: String) { date.withLock { $0 = ISO8601DateFormatter().date(from: text) ?? $0 } }
            var now: Date { date.withLock { $0 } }
        }

        init(now: String) {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("quota-ledger-\(UUID().uuidString)")
            clock = Clock(now)
        }

        var file: URL { directory.appendingPathComponent("state/quota.json") }

        func ledger(budget: Int = 10_000, reserve: Int = 0, project: String = "p1") -> GoogleQuotaLedger {
            let clock = clock
            return GoogleQuotaLedger(
                fileURL: file, project: project, dailyBudget: budget, reserve: reserve,
                pricing: GoogleQuotaPricing { _ in .init(method: "test.call", units: 5) }, now: { clock.now })
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text) ?? .distantPast }

    @Test func refusesWhatWouldPassTheBudgetAndKeepsTheReserve() async throws {
        let fixture = Fixture(now: "2026-11-28T12:00:00Z")
        defer { fixture.remove() }
        let ledger = fixture.ledger(budget: 100, reserve: 10)
        try await ledger.charge(50, method: "liveBroadcasts.transition")
        let error = await #expect(throws: GoogleQuotaExceededError.self) {
            try await ledger.charge(50, method: "liveBroadcasts.insert")
        }
        #expect(error?.unitsNeeded == 50)
        #expect(error?.unitsLeft == 40)
        #expect(error?.method == "liveBroadcasts.insert")
        #expect(error?.reportedByServer == false)
        // 2026-11-28 is PST (UTC-8): the next midnight there is 08:00 UTC on the 29th.
        #expect(error?.resetsAt == Self.date("2026-11-29T08:00:00Z"))
        #expect(error?.description.contains("needs 50 units, 40 left") == true)
        let status = try await ledger.status()
        #expect(status.spent == 50)
        #expect(status.remaining == 40)
        // The file holds nothing secret but is private all the same, like the token store.
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func theDayEndsAtPacificMidnightAcrossDaylightSavingChanges() async throws {
        let fixture = Fixture(now: "2026-03-08T07:59:00Z")  // 23:59 PST on 7 March
        defer { fixture.remove() }
        let ledger = fixture.ledger()
        try await ledger.charge(5, method: "a")
        var status = try await ledger.status()
        #expect(status.day == "2026-03-07")
        #expect(status.resetsAt == Self.date("2026-03-08T08:00:00Z"))

        // 8 March: clocks spring forward, the day has 23 hours and ends at 07:00 UTC.
        fixture.clock.set("2026-03-08T08:00:00Z")
        status = try await ledger.status()
        #expect(status.day == "2026-03-08")
        #expect(status.spent == 0)
        #expect(status.resetsAt == Self.date("2026-03-09T07:00:00Z"))
        try await ledger.charge(5, method: "a")
        fixture.clock.set("2026-03-09T06:59:59Z")
        #expect(try await ledger.status().spent == 5)
        fixture.clock.set("2026-03-09T07:00:00Z")
        #expect(try await ledger.status().spent == 0)

        // 1 November: clocks fall back, the day has 25 hours: from 07:00 UTC to 08:00 UTC next day.
        fixture.clock.set("2026-11-01T07:00:00Z")
        status = try await ledger.status()
        #expect(status.day == "2026-11-01")
        #expect(status.resetsAt == Self.date("2026-11-02T08:00:00Z"))
        try await ledger.charge(5, method: "a")
        fixture.clock.set("2026-11-02T07:30:00Z")  // 23:30 PST, still 1 November there
        #expect(try await ledger.status().spent == 5)
    }

    @Test func aServerQuotaExceededStopsCallsUntilTheResetUnlessOverridden() async throws {
        let fixture = Fixture(now: "2026-07-04T20:00:00Z")
        defer { fixture.remove() }
        let ledger = fixture.ledger()
        try await ledger.markExhausted()
        let error = await #expect(throws: GoogleQuotaExceededError.self) { try await ledger.charge(1, method: "videos.list") }
        #expect(error?.reportedByServer == true)
        #expect(error?.unitsLeft == 0)
        #expect(try await ledger.status().remaining == 0)
        let clock = fixture.clock
        let overriding = GoogleQuotaLedger(
            fileURL: fixture.file, project: "p1", dailyBudget: 10_000, pricing: ledger.pricing, overridesExhaustion: true,
            now: { clock.now })
        #expect(try await overriding.charge(1, method: "videos.list").spent == 1)
        // PDT in July: midnight is 07:00 UTC.
        fixture.clock.set("2026-07-05T07:00:00Z")
        #expect(try await ledger.charge(1, method: "videos.list").exhausted == false)
    }

    @Test func projectsAreCountedApart() async throws {
        let fixture = Fixture(now: "2026-11-28T12:00:00Z")
        defer { fixture.remove() }
        try await fixture.ledger(project: "one").charge(30, method: "a")
        try await fixture.ledger(project: "two").charge(7, method: "a")
        #expect(try await fixture.ledger(project: "one").status().spent == 30)
        #expect(try await fixture.ledger(project: "two").status().spent == 7)
    }

    @Test func ledgersSharingAFileLoseNoUpdate() async throws {
        let fixture = Fixture(now: "2026-11-28T12:00:00Z")
        defer { fixture.remove() }
        // Two ledgers on one file, as two processes would hold them, each charging from many tasks.
        let ledgers = [fixture.ledger(), fixture.ledger()]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { try await ledgers[index % 2].charge(3, method: "a") }
            }
            try await group.waitForAll()
        }
        #expect(try await ledgers[0].status().spent == 120)
    }

    @Test func aFileThatIsNotALedgerIsATypedError() async throws {
        let fixture = Fixture(now: "2026-11-28T12:00:00Z")
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(
            FileManager.default.createFile(
                atPath: fixture.file.path, contents: Data("not json".utf8), attributes: [.posixPermissions: 0o600]))
        await #expect(throws: GoogleQuotaLedgerError.self) { try await fixture.ledger().status() }
    }

    @Test(
        "A ledger with an impossible record is refused, naming the file and the remedy, and nothing is charged",
        arguments: [
            #"{"version":1,"projects":{"p1":{"day":"2026-11-28","spent":-99999999,"exhausted":false}}}"#,
            #"{"version":1,"projects":{"p1":{"day":"2026-11-28","spent":9223372036854775807,"exhausted":false}}}"#,
            #"{"version":1,"projects":{"p1":{"day":"2026-02-30","spent":5,"exhausted":false}}}"#,
            #"{"version":1,"projects":{"p1":{"day":"yesterday","spent":5,"exhausted":false}}}"#,
            #"{"version":1,"projects":{"p2":{"day":"2099-01-01","spent":5,"exhausted":false}}}"#,
        ])
    func impossibleRecordsAreRefused(ledger text: String) async throws {
        let fixture = Fixture(now: "2026-11-28T20:00:00Z")
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #require(
            FileManager.default.createFile(atPath: fixture.file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]))
        do {
            _ = try await fixture.ledger().charge(5, method: "test.call")
            Issue.record("an impossible ledger was believed")
        } catch let error as GoogleQuotaLedgerError {
            #expect(error.description.contains(fixture.file.path) && error.description.contains("remove it"), "\(error)")
        }
        await #expect(throws: GoogleQuotaLedgerError.self) { try await fixture.ledger().status() }
        #expect(try String(contentsOf: fixture.file, encoding: .utf8) == text, "left as it was")
    }

    @Test("A FIFO, a directory or a socket where the ledger should be is refused at once, naming the file")
    func nonRegularLedgerIsRefused() async throws {
        let fixture = Fixture(now: "2026-11-28T20:00:00Z")
        defer { fixture.remove() }
        try FileManager.default.createDirectory(at: fixture.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(fixture.file.path, 0o600) == 0)
        // Before, the open waited for a writer that never comes: a hang, not an error.
        do {
            _ = try await fixture.ledger().status()
            Issue.record("a FIFO was read as a ledger")
        } catch let error as GoogleQuotaLedgerError {
            #expect(error.description.contains(fixture.file.path) && error.description.contains("a FIFO"), "\(error)")
        }
        try FileManager.default.removeItem(at: fixture.file)
        try FileManager.default.createDirectory(at: fixture.file, withIntermediateDirectories: true)
        await #expect(throws: GoogleQuotaLedgerError.self) { try await fixture.ledger().status() }
        try FileManager.default.removeItem(at: fixture.file)
        try FileManager.default.removeItem(atPath: fixture.file.path + ".lock")
        #expect(mkfifo(fixture.file.path + ".lock", 0o600) == 0)
        do {
            _ = try await fixture.ledger().status()
            Issue.record("a FIFO was taken as the lock file")
        } catch let error as GoogleQuotaLedgerError {
            #expect(error.description.contains(".lock") && error.description.contains("a FIFO"), "\(error)")
        }
    }
}
