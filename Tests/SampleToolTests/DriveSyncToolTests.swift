import Foundation
import GoogleEmulator
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("drive changes tail, drives list, files export: separate processes against the emulator")
struct DriveSyncToolTests {
    /// A fixture whose emulator counts the changes.list requests answered.
    private final class Fixture: Sendable {
        let tool: ToolFixture
        let changeLists: Counter

        final class Counter: Sendable {
            let value = Mutex(0)
        }

        init() throws {
            let counter = Counter()
            changeLists = counter
            var configuration = GoogleEmulator.Configuration()
            configuration.requestObserver = { request in
                if request.path == "/drive/v3/changes" { counter.value.withLock { $0 += 1 } }
            }
            tool = try ToolFixture(configuration: configuration)
        }

        var emulator: GoogleEmulator { tool.emulator }
        var listsAnswered: Int { changeLists.value.withLock { $0 } }

        func start(_ arguments: String...) throws -> ChildProcess.Running {
            try ChildProcess.start(
                ToolProcess.productsDirectory.appendingPathComponent("drive"), arguments, environment: tool.environment)
        }
    }

    /// The file IDs of complete `--json` lines (a line cut by the kill has no newline).
    private static func printedIDs(_ output: String) throws -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        if !output.hasSuffix("\n") { lines.removeLast() }
        return try lines.filter { !$0.isEmpty }.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["fileId"] as? String)
        }
    }

    @Test("changes tail killed with SIGKILL at random points resumes: no change missed, at most one page repeated")
    func tailSurvivesKillNine() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.tool.login("drive").status == 0)
        let first = try await fixture.tool.run("drive", "changes", "tail", "--once", "--json")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.isEmpty, "a first run starts from now")
        #expect(first.standardError.contains("First run"))

        let pageSize = 4
        var seed = SystemRandomNumberGenerator()
        var created: [String] = []
        var printed: [String] = []
        for round in 0..<6 {
            created += try (0..<9).map {
                try fixture.emulator.addDriveFile(name: "r\(round)-\($0)", content: Data("\(round)".utf8))
            }
            let before = fixture.listsAnswered
            let child = try fixture.start("changes", "tail", "--json", "--page-size", "\(pageSize)", "--poll", "1")
            // Killed after a random number of pages were answered, a random moment later: while
            // printing, between a page and the token's save, or while caught up and waiting.
            let pages = Int.random(in: 1...4, using: &seed)
            #expect(await waitUntil { fixture.listsAnswered >= before + pages || child.hasExited })
            try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000, using: &seed)))
            child.signal(SIGKILL)
            let result = await child.finish()
            #expect(result.status != 0, "killed, not exited: \(result.standardError)")
            let ids = try Self.printedIDs(result.standardOutput)
            let repeated = ids.filter(printed.contains)
            #expect(repeated.count <= pageSize, "round \(round): \(repeated.count) repeated, at most one page")
            if let firstNew = ids.firstIndex(where: { !printed.contains($0) }) {
                #expect(ids[..<firstNew].allSatisfy(printed.contains), "repeats come only before anything new")
            }
            printed += ids.filter { !printed.contains($0) }
            #expect(printed == Array(created.prefix(printed.count)), "round \(round): in order, with no gap")
        }
        let last = try await fixture.tool.run("drive", "changes", "tail", "--once", "--json")
        #expect(last.status == 0, "\(last.standardError)")
        let rest = try Self.printedIDs(last.standardOutput)
        #expect(rest.filter(printed.contains).count <= pageSize)
        printed += rest.filter { !printed.contains($0) }
        #expect(printed == created, "every change printed exactly once, counting repeats out")
    }

    @Test("changes tail --webhook is woken by a notification long before its poll")
    func tailWithWebhook() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.tool.login("drive").status == 0)
        let child = try fixture.start("changes", "tail", "--webhook", "0", "--poll", "3600", "--json")
        // Open and caught up: the channel exists and the feed has looked once.
        #expect(await waitUntil { !fixture.emulator.openDriveChannelIDs.isEmpty && fixture.listsAnswered >= 1 || child.hasExited })
        // The position file: saved after each page is printed.
        let folder = fixture.tool.tokenStore.deletingLastPathComponent()
        let position: @Sendable () -> Data? = {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.first { $0.hasPrefix("changes-") }.flatMap { try? Data(contentsOf: folder.appendingPathComponent($0)) }
        }
        let before = position()
        #expect(before != nil)
        let id = try fixture.emulator.addDriveFile(name: "pushed.txt", content: Data("p".utf8))
        // The emulator POSTs `change`; the tool's receiver wakes the feed, which lists at once,
        // prints the change and saves its position (an hour before its next poll).
        #expect(await waitUntil { position() != before || child.hasExited })
        child.signal(SIGTERM)
        let result = await child.finish()
        #expect(try Self.printedIDs(result.standardOutput) == [id], "\(result.standardError)")
        #expect(result.standardError.contains("Listening for notifications at http://127.0.0.1:"))
        let deliveries = fixture.emulator.driveChannelEvents.filter { $0.kind == .delivered }
        #expect(deliveries.first?.resourceState == "sync")
        #expect(deliveries.contains { $0.resourceState == "change" && $0.responseStatus == 200 })
        #expect(fixture.emulator.openDriveChannelIDs.isEmpty, "Ctrl-C stops the channel")
    }

    @Test("SIGTERM during a changes.list stops the notification channel before the tool exits", arguments: [SIGTERM, SIGINT])
    func signalMidRequestStopsTheChannel(signal: Int32) async throws {
        let fixture = try Fixture()
        #expect(try await fixture.tool.login("drive").status == 0)
        let child = try fixture.start("changes", "tail", "--webhook", "0", "--poll", "1", "--json")
        #expect(await waitUntil { !fixture.emulator.openDriveChannelIDs.isEmpty && fixture.listsAnswered >= 1 || child.hasExited })
        // The next look hangs (an hour): the signal arrives while the request is in flight, so
        // the feed ends with the cancellation error rather than by returning.
        let faults = fixture.emulator.faults
        let injected = faults.injectedTotal
        faults.enqueue(.delay(.seconds(3600)), matching: "/drive/v3/changes", count: 1000)
        // A fault is taken when its request arrives, before the delay.
        #expect(await waitUntil { faults.injectedTotal > injected || child.hasExited })
        child.signal(signal)
        let result = await child.finish()
        #expect(result.status == 130, "\(result.standardError)")
        #expect(fixture.emulator.openDriveChannelIDs.isEmpty, "the channel is stopped before exit: \(result.standardError)")
        #expect(result.standardError.contains("stopped."))
    }

    @Test("drives list and files list --drive show shared drives")
    func sharedDrives() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.tool.login("drive").status == 0)
        let team = fixture.emulator.addSharedDrive(name: "Team Space")
        let id = try fixture.emulator.addDriveFile(name: "minutes.txt", content: Data("m".utf8), parentID: team)

        let drives = try await fixture.tool.run("drive", "drives", "list")
        #expect(drives.status == 0, "\(drives.standardError)")
        #expect(drives.standardOutput.contains(team) && drives.standardOutput.contains("Team Space"))

        let inDrive = try await fixture.tool.run("drive", "files", "list", "--drive", team, "--json")
        #expect(inDrive.status == 0, "\(inDrive.standardError)")
        let listed = try JSONSerialization.jsonObject(with: Data(inDrive.standardOutput.utf8)) as? [[String: Any]]
        #expect(listed?.compactMap { $0["id"] as? String } == [id])

        // By ID, without naming the drive: found because shared drives are included by default.
        let get = try await fixture.tool.run("drive", "files", "get", "--", id)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(get.standardOutput.contains("minutes.txt"))
    }

    @Test("files export maps format names and goes past the 10 MB limit")
    func export() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.tool.login("drive").status == 0)
        let small = fixture.emulator.addDriveDocument(name: "Memo", text: "hello")
        let pdf = fixture.tool.directory.appendingPathComponent("memo.pdf")
        let memo = try await fixture.tool.run("drive", "files", "export", small, "--format", "pdf", "--output", pdf.path)
        #expect(memo.status == 0, "\(memo.standardError)")
        #expect(try Data(contentsOf: pdf).prefix(5) == Data("%PDF-".utf8))
        #expect(!memo.standardError.contains("export link"))

        let line = String(repeating: "z", count: 1023) + "\n"
        let big = fixture.emulator.addDriveDocument(name: "Big", text: String(repeating: line, count: 12 * 1024))
        let text = fixture.tool.directory.appendingPathComponent("big.txt")
        let large = try await fixture.tool.run("drive", "files", "export", big, "--format", "txt", "--output", text.path)
        #expect(large.status == 0, "\(large.standardError)")
        #expect(large.standardError.contains("10 MB limit"))
        #expect((try FileManager.default.attributesOfItem(atPath: text.path)[.size] as? NSNumber)?.intValue == 3 + 12 * 1024 * 1024)

        let unknown = try await fixture.tool.run("drive", "files", "export", small, "--format", "bogus", "--output", text.path)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("docx"))
    }
}
