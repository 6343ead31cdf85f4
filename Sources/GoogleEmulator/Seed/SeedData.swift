import Foundation
import GoogleBase

// MARK: - SeedData

/// Fills the stores with deterministic data: folders, Docs Editors files, a 1 MiB binary, enough
/// text files for pagination, and broadcasts in each life-cycle bucket with chats.
///
/// Every timestamp is an offset from the emulator's start (whole seconds), so the data looks
/// like a live account's: files were changed over the last weeks (a query for "changed in the
/// last week" finds some), one broadcast is live now, one is upcoming next week, one ended a
/// week ago.
enum SeedData {
    typealias Seed = GoogleEmulator.Seed
    /// Seed files are changed one every 6 hours, the last a day before the start (33 days in all).
    static let fileInterval: TimeInterval = 6 * 3600

    /// - Parameter now: The emulator's start; the seed dates are relative to it.
    static func populate(drive: DriveStore, youtube: YouTubeStore, now: Date = Date()) throws {
        let start = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        try populateDrive(drive, now: start)
        populateYouTube(youtube, now: start)
    }

    // MARK: - Drive

    private static func populateDrive(_ drive: DriveStore, now: Date) throws {
        let first = now.addingTimeInterval(-34 * 86_400)
        var slot = 0
        func time() -> Date {
            slot += 1
            return first.addingTimeInterval(Double(slot) * fileInterval)
        }
        func add(
            _ id: String, _ name: String, _ mimeType: String, parents: [String]? = nil, text: String? = nil, content: Data? = nil,
            md5: String? = nil
        ) throws {
            let created = time()
            var file = DriveFile(
                id: id, name: name, mimeType: mimeType, parents: parents ?? [drive.rootFolderID],
                createdTime: created, modifiedTime: created, sequence: 0)
            file.documentText = text
            if let content {
                let stored = try drive.storeContent(content, md5: md5)
                file.contentURL = stored.url
                file.size = stored.size
                file.md5Checksum = stored.md5
            }
            drive.insert(file)
        }
        let folder = DriveFile.folderMimeType
        try add(Seed.projectsFolderID, "Projects", folder)
        try add(Seed.archiveFolderID, "Archive", folder)
        try add("1SeedFolderPhotos000000000000000A", "Photos", folder)
        try add(
            Seed.meetingNotesDocumentID, "Meeting Notes", "application/vnd.google-apps.document", parents: [Seed.projectsFolderID],
            text: "Meeting Notes\nAttendees: Ada, Grace, Linus\nAction items:\n- Ship the emulator\n- Write the tests")
        try add(
            "1SeedDocQuarterlyPlan00000000000A", "Quarterly Plan", "application/vnd.google-apps.document",
            parents: [Seed.projectsFolderID], text: "Q1: foundations\nQ2: features\nQ3: polish\nQ4: launch")
        try add(
            Seed.budgetSpreadsheetID, "Budget 2024", "application/vnd.google-apps.spreadsheet",
            text: "Item,Amount\nServers,1200\nCoffee,300\nTravel,800")
        try add(
            "1SeedSlidesTeam00000000000000000A", "Team Slides", "application/vnd.google-apps.presentation",
            text: "Welcome\nRoadmap\nQuestions?")
        try add(Seed.binaryFileID, "sample-1MiB.bin", "application/octet-stream", content: binary, md5: binaryMD5)
        try add(Seed.helloTextFileID, "hello.txt", "text/plain", content: Data(Seed.helloText.utf8))
        try add(
            "1SeedImageSunset0000000000000000A", "sunset.png", "image/png", parents: ["1SeedFolderPhotos000000000000000A"],
            content: pngHeader())
        for index in 1...121 {
            let name = String(format: "Note %03d.txt", index)
            try add(
                String(format: "1SeedNote%03d00000000000000000000A", index), name, "text/plain", parents: [Seed.archiveFolderID],
                content: Data("This is note number \(index).\n".utf8))
        }
        try add(Seed.trashedFileID, "Old draft.txt", "text/plain", content: Data("discarded\n".utf8))
        _ = drive.update(Seed.trashedFileID) { $0.trashed = true }
        _ = drive.update(Seed.helloTextFileID) { $0.starred = true }
    }

    /// Computed once per process: every emulator seeds the same bytes.
    static let binary = binaryContent()
    static let binaryMD5 = ContentMD5.hex(of: binary)

    /// 1 MiB of deterministic, non-repeating-looking bytes.
    static func binaryContent() -> Data {
        var state: UInt32 = 0x1234_5678
        var bytes = [UInt8](repeating: 0, count: Seed.binaryFileSize)
        for index in bytes.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return Data(bytes)
    }

    private static func pngHeader() -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 0, count: 56)
    }

    // MARK: - YouTube

    private static func populateYouTube(_ youtube: YouTubeStore, now: Date) {
        // The channel's resources were published a month ago; the live broadcast started 30
        // minutes ago (its chat's messages since), the upcoming one starts in a week.
        let published = now.addingTimeInterval(-30 * 86_400)
        let liveStart = now.addingTimeInterval(-30 * 60)
        youtube.insertStream(
            LiveStream(
                id: Seed.streamID, title: "Main Camera", description: "1080p camera feed", publishedAt: published,
                streamName: "abcd-efgh-ijkl-mnop", ingestionType: "rtmp", resolution: "1080p", frameRate: "30fps",
                isReusable: true, encoder: .sending))
        func broadcast(_ id: String, _ title: String, _ status: LiveBroadcast.LifeCycleStatus, chat: String, dayOffset: Double)
            -> LiveBroadcast
        {
            var value = LiveBroadcast(
                id: id, title: title, description: "\(title) (seed data)", publishedAt: published,
                scheduledStartTime: now.addingTimeInterval(dayOffset * 86_400), privacyStatus: "unlisted",
                lifeCycleStatus: status, liveChatID: chat)
            if status != .created {
                value.boundStreamID = Seed.streamID
                value.boundStreamUpdatedAt = published
            }
            return value
        }
        youtube.insertBroadcast(
            broadcast(Seed.createdBroadcastID, "Draft Broadcast", .created, chat: "Cg0KC2NyZWF0ZWRCQzAwMQ", dayOffset: 14))
        youtube.insertBroadcast(
            broadcast(Seed.upcomingBroadcastID, "Upcoming Launch Event", .ready, chat: "Cg0KC3VwY29taW5nQkMwMQ", dayOffset: 7))
        var live = broadcast(Seed.liveBroadcastID, "Live Coding Session", .live, chat: Seed.liveChatID, dayOffset: -1.0 / 48)
        live.actualStartTime = liveStart
        youtube.insertBroadcast(live)
        var completed = broadcast(Seed.completedBroadcastID, "Last Week's Q&A", .complete, chat: Seed.completedChatID, dayOffset: -7)
        let completedStart = now.addingTimeInterval(-7 * 86_400)
        let completedEnd = completedStart.addingTimeInterval(3600)
        completed.actualStartTime = completedStart
        completed.actualEndTime = completedEnd
        youtube.insertBroadcast(completed)

        let viewers = [
            ChatAuthor(channelID: "UCviewerAda00000000000001", displayName: "Ada"),
            ChatAuthor(channelID: "UCviewerGrace0000000000002", displayName: "Grace"),
            ChatAuthor(channelID: "UCviewerLinus0000000000003", displayName: "Linus"),
        ]
        for index in 0..<Seed.liveChatMessageCount {
            _ = youtube.postMessage(
                liveChatID: Seed.liveChatID, author: viewers[index % viewers.count], text: "Message \(index + 1) from the audience",
                at: liveStart.addingTimeInterval(120 + Double(index) * 5))
        }
        for index in 0..<3 {
            _ = youtube.postMessage(
                liveChatID: Seed.completedChatID, author: viewers[index], text: "Question \(index + 1)",
                at: completedStart.addingTimeInterval(Double(index) * 60))
        }
        _ = youtube.updateChat(Seed.completedChatID) { $0.endedAt = completedEnd }
    }
}
