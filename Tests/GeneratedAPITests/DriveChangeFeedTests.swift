import Foundation
import GoogleDrive
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

// MARK: - Changes feed

/// `DriveChangeFeed` against the emulator's change log, through the real transport.
@Suite struct DriveChangeFeedTests {
    /// A backend, a Drive service and a token folder of its own.
    private final class Fixture: Sendable {
        let backend: EmulatorBackend
        let drive: Drive
        let scratch: ScratchDirectory
        let tokens: DriveChangeTokenStore

        init(sessionConfiguration: AuthorizedSession.Configuration = .init()) throws {
            backend = try EmulatorBackend(scopes: [Drive.Scope.drive], sessionConfiguration: sessionConfiguration)
            drive = Drive(session: backend.session, rootURL: backend.rootURL)
            scratch = try ScratchDirectory()
            tokens = DriveChangeTokenStore(directory: scratch.file("state"))
        }

        var emulator: GoogleEmulator { backend.emulator }

        /// Every change up to now (the feed ends when caught up).
        func drain(
            _ corpus: DriveChangeCorpus = .user, pageSize: Int32 = 7, fields: GoogleFieldMask<Drive.ChangeList>? = nil
        ) async throws -> [Drive.Change] {
            let feed = drive.changeFeed(
                corpus: corpus, tokens: tokens, configuration: .init(pageSize: pageSize, fields: fields, waitsForChanges: false))
            var changes: [Drive.Change] = []
            for try await change in feed { changes.append(change) }
            return changes
        }

        /// `count` new files named `prefix-0` … in the emulator; returns their IDs in order.
        func addFiles(_ count: Int, prefix: String, parentID: String? = nil) throws -> [String] {
            try (0..<count).map { try emulator.addDriveFile(name: "\(prefix)-\($0)", content: Data("\($0)".utf8), parentID: parentID) }
        }

        deinit { scratch.remove() }
    }

    @Test func firstRunStartsNowThenDeliversEveryChangeAcrossPages() async throws {
        let fixture = try Fixture()
        #expect(try await fixture.drain().isEmpty, "a first run starts at changes.getStartPageToken: nothing before it")
        let token = try #require(try await fixture.tokens.load(.user))

        let ids = try fixture.addFiles(40, prefix: "feed")
        #expect(fixture.emulator.renameDriveFile(ids[3], to: "renamed"))
        #expect(fixture.emulator.deleteDriveFile(ids[5]))
        let changes = try await fixture.drain(pageSize: 7)
        #expect(changes.map(\.fileId) == ids + [ids[3], ids[5]], "42 changes over 6 pages of 7, in order")
        #expect(changes.last?.removed == true)
        #expect(changes.first { $0.fileId == ids[3] }?.file?.name == "renamed", "each change carries the file's latest state")
        let saved = try #require(try await fixture.tokens.load(.user))
        #expect(saved != token)
        #expect(try await fixture.drain().isEmpty, "the next run continues after the last page")

        // The token file is private.
        var info = stat()
        #expect(stat(fixture.tokens.fileURL(for: .user).path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func eachPageReachesTheSessionsObserversAsAnEvent() async throws {
        let events = Mutex<[GoogleSessionEvent]>([])
        var configuration = AuthorizedSession.Configuration()
        configuration.observers = [GoogleEventHandler { event in events.withLock { $0.append(event) } }]
        let fixture = try Fixture(sessionConfiguration: configuration)
        _ = try await fixture.drain()
        _ = try fixture.addFiles(10, prefix: "paged")
        events.withLock { $0.removeAll() }
        #expect(try await fixture.drain(pageSize: 4).count == 10)
        let pages = events.withLock { $0.filter { $0.kind == .changeFeedPage } }
        #expect(pages.map { $0.attribute("changes.count") } == ["4", "4", "2"])
        #expect(pages.map { $0.attribute("caughtUp") } == ["false", "false", "true"])
        #expect(pages.allSatisfy { $0.attribute("drive.corpus") == DriveChangeCorpus.user.key })
        #expect(pages.allSatisfy { $0.attributes.map(\.name) == ["drive.corpus", "changes.count", "caughtUp"] }, "no page token")
    }

    @Test func aRunStoppedMidPageRepeatsAtMostThatPage() async throws {
        let fixture = try Fixture()
        _ = try await fixture.drain()
        let ids = try fixture.addFiles(30, prefix: "resume")
        let pageSize = 8
        for stopAfter in [1, 8, 11, 16, 29] {
            // A fresh corpus position for each round: start again from the beginning of `ids`.
            try await fixture.tokens.delete(.user)
            let start = fixture.emulator.driveChangeCount - ids.count + 1
            try await fixture.tokens.save(String(start), for: .user)
            var seen: [String] = []
            let feed = fixture.drive.changeFeed(
                tokens: fixture.tokens, configuration: .init(pageSize: Int32(pageSize), waitsForChanges: false))
            for try await change in feed {
                seen.append(change.fileId ?? "")
                if seen.count == stopAfter { break }  // the process stops here, token as it was saved
            }
            let rest = try await fixture.drain(pageSize: Int32(pageSize)).map { $0.fileId ?? "" }
            let repeated = seen.count + rest.count - ids.count
            #expect(Array(Set(seen + rest)).sorted() == ids.sorted(), "stopping after \(stopAfter): nothing missed")
            #expect(rest.suffix(ids.count - stopAfter) == ids.suffix(ids.count - stopAfter)[...])
            #expect((1...pageSize).contains(repeated), "stopping after \(stopAfter): \(repeated) repeated, at most a page")
            // The page it was on is only done once the change after its last is asked for.
            let onPage = stopAfter % pageSize == 0 ? pageSize : stopAfter % pageSize
            #expect(repeated == onPage, "the delivered changes of the page it was on, no more")
        }
    }

    @Test func anExpiredTokenIsATypedErrorWithTheResyncRemedy() async throws {
        let fixture = try Fixture()
        _ = try await fixture.drain()
        _ = try fixture.addFiles(2, prefix: "expired")
        fixture.emulator.expireDriveChangeTokens()
        do {
            _ = try await fixture.drain()
            Issue.record("an expired token must not be followed")
        } catch let error as DriveChangeFeedError {
            #expect(error.code == .invalidToken)
            #expect(error.status == 400)
            #expect(error.remedy.contains("resync"))
            #expect(error.description.contains("getStartPageToken"))
        }
        // The remedy works: forget the token, and a new feed starts from now.
        try await fixture.tokens.delete(.user)
        #expect(try await fixture.drain().isEmpty)
        let later = try fixture.addFiles(1, prefix: "after")
        #expect(try await fixture.drain().map(\.fileId) == later)
    }

    @Test func aFieldMaskKeepsThePageTokens() async throws {
        let fixture = try Fixture()
        _ = try await fixture.drain()
        let ids = try fixture.addFiles(12, prefix: "masked")
        let changes = try await fixture.drain(pageSize: 5, fields: "changes(fileId,file(name))")
        #expect(changes.map(\.fileId) == ids)
        #expect(changes.map { $0.file?.name } == (0..<12).map { "masked-\($0)" })
        #expect(changes.allSatisfy { $0.time == nil }, "only the fields asked for")

        // A mask naming the tokens itself, or `*`, is sent as it is.
        let more = try fixture.addFiles(3, prefix: "again")
        #expect(try await fixture.drain(pageSize: 2, fields: "nextPageToken,changes(fileId),newStartPageToken").map(\.fileId) == more)
        let all = try fixture.addFiles(3, prefix: "star")
        #expect(try await fixture.drain(pageSize: 2, fields: "*").map(\.fileId) == all)
        let sent = fixture.emulator.recordedRequests.filter { $0.path == "/drive/v3/changes" }.compactMap(\.query)
        #expect(
            sent.contains {
                $0.contains("fields=nextPageToken%2Cchanges%28fileId%29%2CnewStartPageToken&")
                    || $0.hasSuffix("fields=nextPageToken%2Cchanges%28fileId%29%2CnewStartPageToken")
            })
        #expect(sent.contains { $0.contains("fields=%2A") })
    }

    @Test func eachCorpusKeepsItsOwnToken() async throws {
        let fixture = try Fixture()
        let sharedDrive = fixture.emulator.addSharedDrive(name: "Team")
        let corpus = DriveChangeCorpus.sharedDrive(id: sharedDrive)
        _ = try await fixture.drain()
        _ = try await fixture.drain(corpus)
        let mine = try fixture.addFiles(2, prefix: "mine")
        let theirs = try fixture.addFiles(3, prefix: "team", parentID: sharedDrive)
        #expect(try await fixture.drain(corpus).map(\.fileId) == theirs)
        #expect(try await fixture.drain().map(\.fileId) == mine + theirs, "the user's corpus includes shared drives by default")
        #expect(fixture.tokens.fileURL(for: corpus) != fixture.tokens.fileURL(for: .user))
    }

    @Test func tokenStoreRefusesForeignAndUnsafeFiles() async throws {
        let fixture = try Fixture()
        try await fixture.tokens.save("42", for: .user)
        let other = DriveChangeCorpus.sharedDrive(id: "0AB")
        // A token file copied over another corpus's is not used for it.
        try FileManager.default.copyItem(at: fixture.tokens.fileURL(for: .user), to: fixture.tokens.fileURL(for: other))
        await #expect(throws: DriveChangeTokenStoreError.self) { _ = try await fixture.tokens.load(other) }
        #expect(chmod(fixture.tokens.fileURL(for: .user).path, 0o644) == 0)
        do {
            _ = try await fixture.tokens.load(.user)
            Issue.record("a world-readable token file must be refused")
        } catch let error as DriveChangeTokenStoreError {
            guard case .unsafeFile = error else {
                Issue.record("\(error)")
                return
            }
        }
        try Data("{not json".utf8).write(to: fixture.tokens.fileURL(for: other))
        #expect(chmod(fixture.tokens.fileURL(for: other).path, 0o600) == 0)
        await #expect(throws: DriveChangeTokenStoreError.self) { _ = try await fixture.tokens.load(other) }
        try await fixture.tokens.delete(other)
        #expect(try await fixture.tokens.load(other) == nil)
    }

    @Test func tokenStoreRefusesAFIFOAtOnce() async throws {
        let fixture = try Fixture()
        let file = fixture.tokens.fileURL(for: .user)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(file.path, 0o600) == 0)
        // Before, the open waited for a writer that never came.
        do {
            _ = try await fixture.tokens.load(.user)
            Issue.record("a FIFO was read as a token file")
        } catch let error as DriveChangeTokenStoreError {
            #expect("\(error)".contains(file.path) && "\(error)".contains("a FIFO"), "\(error)")
        }
    }

    @Test func aWakeupEndsTheWaitAtOnce() async throws {
        let fixture = try Fixture()
        _ = try await fixture.drain()
        let wakeup = DriveChangeWakeup()
        let feed = fixture.drive.changeFeed(
            tokens: fixture.tokens, configuration: .init(pollInterval: .seconds(3600)), wakeup: wakeup)
        let emulator = fixture.emulator
        let listed: @Sendable () -> Int = { emulator.recordedRequests.filter { $0.path == "/drive/v3/changes" }.count }
        let before = listed()
        let first = Task { () -> String? in
            for try await change in feed { return change.fileId }
            return nil
        }
        // The feed is caught up and waits (an hour) once it has looked.
        #expect(await waitUntil { listed() > before })
        let id = try emulator.addDriveFile(name: "wake", content: Data("x".utf8))
        wakeup.notify()
        // Far sooner than the hour the poll would take.
        let value = try await withTimeout(.seconds(60)) { try await first.value }
        #expect(value == id)
        first.cancel()
    }

    @Test func oneNotificationWakesEveryWaitingFeed() async throws {
        let fixture = try Fixture()
        let team = fixture.emulator.addSharedDrive(name: "Team")
        _ = try await fixture.drain()
        _ = try await fixture.drain(.sharedDrive(id: team))
        let wakeup = DriveChangeWakeup()
        let emulator = fixture.emulator
        let lists: @Sendable () -> Int = { emulator.recordedRequests.filter { $0.path == "/drive/v3/changes" }.count }
        let before = lists()
        let feeds = [DriveChangeCorpus.user, .sharedDrive(id: team)].map { corpus in
            fixture.drive.changeFeed(
                corpus: corpus, tokens: fixture.tokens, configuration: .init(pollInterval: .seconds(3600)), wakeup: wakeup)
        }
        let firsts = feeds.map { feed in
            Task { () -> String? in
                for try await change in feed { return change.fileId }
                return nil
            }
        }
        // Both caught up and waiting an hour.
        #expect(await waitUntil { lists() >= before + 2 })
        let id = try emulator.addDriveFile(name: "both", content: Data("b".utf8), parentID: team)
        wakeup.notify()
        for first in firsts {
            #expect(try await withTimeout(.seconds(300)) { try await first.value } == id)
        }
    }
}

// MARK: - Helpers

struct TimedOut: Error {}

/// `body`'s result, or `TimedOut` after `limit` (a hang guard).
func withTimeout<T: Sendable>(_ limit: Duration, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw TimedOut() }
        return value
    }
}
