import Foundation
import GoogleDrive
import GoogleEmulator
import Synchronization
import TestSupport
import Testing

// MARK: - The "Keeping in sync" article's code

/// Runs the Swift snippets of `GoogleDrive.docc/KeepingInSync.md` against the emulator: each
/// snippet is written here between `// snippet:` and `// snippet end` (so it compiles), and
/// ``articleSnippetsAreTheCodeTestedHere()`` checks that the article shows exactly this code.
@Suite struct KeepingInSyncArticleTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func articleSnippetsAreTheCodeTestedHere() throws {
        let article = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Sources/GoogleDrive/GoogleDrive.docc/KeepingInSync.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let shown = Self.blocks(in: article, start: { $0 == "```swift" }, end: { $0 == "```" })
        let tested = Self.blocks(
            in: source, start: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("// snippet:") },
            end: { $0.trimmingCharacters(in: .whitespaces) == "// snippet end" })
        #expect(shown.count == 7)
        for snippet in shown {
            #expect(tested.contains(snippet), "not tested here:\n\(snippet)")
        }
    }

    /// The text between start and end lines, each block without its common indentation.
    private static func blocks(in text: String, start: (String) -> Bool, end: (String) -> Bool) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = current {
                if end(String(line)) {
                    let indent = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                    blocks.append(lines.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n"))
                    current = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if start(String(line)) {
                current = []
            }
        }
        return blocks
    }

    // MARK: - Snippets

    @Test func followingChanges() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let stateFolder = scratch.url
        let emulator = backend.emulator
        let existing = try (0..<5).map { try emulator.addDriveFile(name: "existing-\($0)", content: Data("e".utf8)) }
        let known = Mutex<[String: String]>([:])
        let made = Mutex<(kept: String, gone: String)?>(nil)
        // While the listing runs (after its first file): a file created, one renamed, one deleted.
        let remember: @Sendable (Drive.File) -> Void = { file in
            let first = known.withLock { $0.isEmpty }
            known.withLock { $0[file.id ?? ""] = file.name }
            if first {
                let kept = try? emulator.addDriveFile(name: "kept", content: Data("k".utf8))
                let gone = try? emulator.addDriveFile(name: "gone", content: Data("g".utf8))
                emulator.renameDriveFile(existing[0], to: "renamed")
                emulator.deleteDriveFile(gone ?? "")
                made.withLock { $0 = (kept ?? "", gone ?? "") }
            }
        }
        let forget: @Sendable (String?) -> Void = { id in known.withLock { $0[id ?? ""] = nil } }
        let following = Task {
            // snippet: following changes
            let tokens = DriveChangeTokenStore(directory: stateFolder)
            let feed = drive.changeFeed(corpus: .user, tokens: tokens, configuration: .init(pollInterval: .seconds(60)))
            for try await event in feed.bootstrap(listing: .init(query: .trashed(false))) {
                switch event {
                case .listed(let file):
                    remember(file)
                case .listingComplete:
                    break
                case .change(let change):
                    if change.removed == true || change.file?.trashed == true {
                        forget(change.fileId)
                    } else if let file = change.file {
                        remember(file)
                    }
                }
            }
            // snippet end
        }
        #expect(
            await waitUntil {
                guard let (kept, gone) = made.withLock({ $0 }) else { return false }
                return known.withLock { $0[kept] == "kept" && $0[gone] == nil && $0[existing[0]] == "renamed" && $0.count >= 5 }
            })
        // Caught up: the loop waits (a minute) until the task is cancelled, which ends it.
        following.cancel()
        try await following.value
    }

    @Test func resyncAfterAnInvalidToken() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let tokens = DriveChangeTokenStore(directory: scratch.url)
        try await tokens.save("1", for: .user)
        let existing = try backend.emulator.addDriveFile(name: "existing", content: Data("e".utf8))
        backend.emulator.expireDriveChangeTokens()
        let feed = drive.changeFeed(tokens: tokens, configuration: .init(waitsForChanges: false))
        let relisted = Mutex<[String]>([])
        let dropped = Mutex(0)
        let remember: @Sendable (Drive.File) -> Void = { file in relisted.withLock { $0.append(file.id ?? "") } }
        let dropFilesNotRelisted: @Sendable () -> Void = { dropped.withLock { $0 += 1 } }
        let apply: @Sendable (Drive.Change) -> Void = { _ in }
        // snippet: resync
        var resynced = false
        while !resynced {
            do {
                for try await event in feed.bootstrap() {
                    switch event {
                    case .listed(let file): remember(file)
                    case .listingComplete: dropFilesNotRelisted()
                    case .change(let change): apply(change)
                    }
                }
                resynced = true
            } catch let error as DriveChangeFeedError where error.code == .invalidToken {
                try await tokens.delete(.user)
            }
        }
        // snippet end
        #expect(relisted.withLock { $0.contains(existing) })
        #expect(dropped.withLock { $0 } == 1)
        #expect(try await tokens.load(.user) != nil, "a fresh start token, taken before the listing")
    }

    @Test func notificationsWakeTheFeed() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let tokens = DriveChangeTokenStore(directory: scratch.url)
        // snippet: notifications
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        let watch = DriveChannelWatch(drive: drive, resource: .changes(.user), address: receiver.address, receiver: receiver)
        let channel = Task { try await watch.run() }
        defer { channel.cancel() }
        let notified = drive.changeFeed(tokens: tokens, configuration: .init(pollInterval: .seconds(900)), wakeup: receiver.wakeup)
        // snippet end
        let emulator = backend.emulator
        #expect(await waitUntil(.seconds(300)) { !emulator.openDriveChannelIDs.isEmpty })
        let first = Task { () -> String? in
            for try await change in notified { return change.fileId }
            return nil
        }
        #expect(await waitUntil { emulator.recordedRequests.contains { $0.path == "/drive/v3/changes" } })
        let id = try emulator.addDriveFile(name: "pushed", content: Data("p".utf8))
        // The feed's own poll is 15 minutes away: only the notification can bring it sooner.
        #expect(try await withTimeout(.seconds(300)) { try await first.value } == id)
        first.cancel()
        let open = try #require(emulator.openDriveChannelIDs.first)
        // snippet: stopping the channel
        channel.cancel()
        _ = await channel.result
        receiver.stop()
        // snippet end
        #expect(!emulator.openDriveChannelIDs.contains(open), "stopped before the task ended")
    }

    @Test func verifyingInYourOwnServer() throws {
        let receiver = DriveNotificationReceiver()
        let wakeup = DriveChangeWakeup()
        let open = DriveChannelCredentials.fresh()
        receiver.accept(open)
        let headers = [
            "X-Goog-Channel-ID": open.channelID, "X-Goog-Channel-Token": open.token, "X-Goog-Resource-State": "change",
            "X-Goog-Message-Number": "7", "X-Goog-Resource-ID": "r",
        ]
        // snippet: verify
        let notification = try DriveNotification.verify(headers: headers, channels: receiver.channels)
        if !notification.isSync { wakeup.notify() }
        // snippet end
        #expect(notification.messageNumber == 7)
    }

    @Test func sharedDrivesByDefault() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let teamDriveID = backend.emulator.addSharedDrive(name: "Team")
        let sharedFileID = try backend.emulator.addDriveFile(name: "shared", content: Data("s".utf8), parentID: teamDriveID)
        // snippet: shared drives
        let found = try await drive.files.get(fileId: sharedFileID)
        var myDriveOnly = drive
        myDriveOnly.includesSharedDrives = false
        let inTeamDrive = try await drive.files.list(corpora: "drive", driveId: teamDriveID, fields: [.files([.id, .name])])
        // snippet end
        #expect(found.id == sharedFileID)
        #expect(inTeamDrive.files?.map(\.id) == [sharedFileID])
        await #expect(throws: GoogleAPIError.self) { _ = try await myDriveOnly.files.get(fileId: sharedFileID) }
    }

    @Test func exportsOfAnySize() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let documentID = backend.emulator.addDriveDocument(name: "Doc", text: "text")
        let destination = scratch.file("doc.pdf")
        // snippet: export
        let route = try await drive.exportContent(fileID: documentID, mimeType: "application/pdf", to: destination)
        // snippet end
        #expect(route == .filesExport)
        #expect(FileManager.default.fileExists(atPath: destination.path))
    }
}
