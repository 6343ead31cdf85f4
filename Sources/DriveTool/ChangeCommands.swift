import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleDrive

// MARK: - ChangeCommands

/// `changes tail`: prints each change to the user's Drive (or a shared drive) as it happens.
enum ChangeCommands {
    static let commands = [tail]

    static let tail = Command(
        "changes tail",
        summary: "Print each change as it happens, resuming from where the last run stopped (Ctrl-C to stop).",
        options: [
            OptionSpecification("drive", value: "DRIVE_ID", help: "Follow a shared drive's changes instead of yours."),
            OptionSpecification(
                "webhook", value: "PORT",
                help: "Be notified on a loopback webhook at PORT (0: any) through a changes.watch channel, renewed before it expires."),
            OptionSpecification(
                "poll", value: "DURATION", help: "Look for changes this often when idle, 1s to 1d (default 10s; 5m with --webhook)."),
            OptionSpecification("once", help: "Print the changes made since the last run, then exit."),
            OptionSpecification("page-size", value: "N", help: "Changes per request (1-1000, default 100)."),
        ]
    ) { arguments in
        let context = try DriveTool.context(arguments)
        let corpus: DriveChangeCorpus = arguments.value("drive").map { .sharedDrive(id: $0) } ?? .user
        let webhookPort = try arguments.value("webhook").map { text -> Int in
            guard let port = Int(text), (0...65_535).contains(port) else {
                throw CommandLineError.usage("--webhook takes a port number (0 picks a free one)")
            }
            return port
        }
        let poll = try arguments.duration("poll", in: .seconds(1)...(.seconds(86_400))) ?? .seconds(webhookPort == nil ? 10 : 300)
        let once = arguments.flag("once")
        let pageSize = try arguments.integer("page-size", in: 1...1000)
        if once, webhookPort != nil { throw CommandLineError.usage("--once and --webhook do not go together") }
        // The position is kept next to the sign-in tokens, one file per corpus.
        let tokens = DriveChangeTokenStore(directory: context.environment.tokenStoreFile.deletingLastPathComponent())
        let drive = try DriveTool.service(context)
        let json = context.environment.wantsJSON
        let saved = try await context.reportingErrors { try await tokens.load(corpus) }
        if saved == nil {
            standardError(
                "First run for \(corpus.key): showing changes from now on (position kept in \(tokens.fileURL(for: corpus).path)).")
        }

        var receiver: DriveNotificationReceiver?
        var watchTask: Task<Void, Never>?
        if let webhookPort {
            let webhook = DriveNotificationReceiver(port: webhookPort)
            do { try webhook.start() } catch { throw CommandLineError.failure("cannot listen on port \(webhookPort): \(error)") }
            receiver = webhook
            let watch = DriveChannelWatch(
                drive: drive, resource: .changes(corpus), address: webhook.address, receiver: webhook,
                onEvent: { event in
                    switch event {
                    case .opened(let id, let expiration):
                        standardError("Channel \(id) open until \(expiration.map { ISO8601DateFormatter().string(from: $0) } ?? "?").")
                    case .renewed(let old, let new):
                        standardError("Channel \(new) replaced \(old) before it expired.")
                    case .renewalFailed(let attempt, let error):
                        standardError("Renewing the channel failed (attempt \(attempt)): \(error); retrying.")
                    case .stopFailed(let id, let error):
                        standardError("Stopping channel \(id) failed: \(error); it expires by itself.")
                    case .stopped(let id):
                        standardError("Channel \(id) stopped.")
                    }
                })
            // The first channel must open, or notifications would silently never come.
            let first = try await context.reportingErrors { try await watch.open() }
            standardError("Listening for notifications at \(webhook.address.absoluteString).")
            watchTask = Task {
                do { try await watch.run(from: first) } catch { standardError("The notification channel failed: \(error)") }
            }
        }

        let feed = drive.changeFeed(
            corpus: corpus, tokens: tokens,
            configuration: .init(
                pollInterval: poll, pageSize: pageSize.map(Int32.init),
                fields: [.changes([.changeType, .time, .removed, .fileId, .driveId, .file([.name, .mimeType, .trashed])])],
                waitsForChanges: !once),
            wakeup: receiver?.wakeup)
        let outcome: Result<Void, any Error>
        do {
            try await context.reportingErrors {
                do {
                    for try await change in feed {
                        try print(change, json: json)
                    }
                } catch let error as DriveChangeFeedError where error.code == .invalidToken {
                    throw CommandLineError.failure(
                        "\(error)\nTo start over from now: delete \(tokens.fileURL(for: corpus).path) and run again.")
                }
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        // However the feed ended (caught up with --once, an error, or SIGTERM/SIGINT cancelling
        // this task mid-request), the channel is stopped before the process exits: the watch
        // is a task of its own, which the cancellation does not reach, so it is cancelled and
        // awaited here; a `defer` could not wait for its `channels.stop`.
        if let watchTask {
            watchTask.cancel()
            await watchTask.value
        }
        receiver?.stop()
        try outcome.get()
    }

    /// One line per change, written through at once: the feed saves its position when it is asked
    /// for the next change, so a line must be out before that.
    private static func print(_ change: Drive.Change, json: Bool) throws {
        let removed = change.removed == true
        if json {
            try JSONOutput.printLine(
                Line(
                    time: change.time, fileId: change.fileId, driveId: change.driveId, removed: removed,
                    name: change.file?.name, mimeType: change.file?.mimeType, trashed: change.file?.trashed))
            return
        }
        let time = change.time.map { ISO8601DateFormatter().string(from: $0) } ?? "-"
        let what = removed ? "removed" : (change.file?.trashed == true ? "trashed " : "") + (change.file?.name ?? "")
        TerminalText.print("\(time)  \(change.fileId ?? "-")  \(what)")
        fflush(nil)
    }

    private struct Line: Encodable {
        var time: Date?
        var fileId: String?
        var driveId: String?
        var removed: Bool
        var name: String?
        var mimeType: String?
        var trashed: Bool?
    }
}
