import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleYouTube

// MARK: - VideoCommands

/// `videos get`: public data, so it works with an API key (`--api-key` / `GOOGLE_API_KEY`).
enum VideoCommands {
    /// What `videos get` prints; also its `--json` shape.
    struct Summary: Encodable {
        var id: String
        var title: String?
        var liveStatus: String?
        var concurrentViewers: UInt64?
        var activeLiveChatId: String?
        var scheduledStartTime: Date?
        var actualStartTime: Date?
    }

    static let get = Command(
        "videos get", summary: "Show a video's title and live details (works with --api-key).", arguments: "VIDEO_ID"
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "VIDEO_ID")
        let youtube = try YouTubeLiveTool.service(context, arguments)
        let summary = try await context.reportingErrors { () -> Summary in
            let page = try await youtube.videos.list(part: [.snippet, .liveStreamingDetails], id: [id])
            guard let video = page.items?.first else { throw CommandLineError.failure("no video with ID \(id) (or it is private)") }
            return Summary(
                id: video.id ?? id, title: video.snippet?.title, liveStatus: video.snippet?.liveBroadcastContent?.rawValue,
                concurrentViewers: video.liveStreamingDetails?.concurrentViewers,
                activeLiveChatId: video.liveStreamingDetails?.activeLiveChatId,
                scheduledStartTime: video.liveStreamingDetails?.scheduledStartTime,
                actualStartTime: video.liveStreamingDetails?.actualStartTime)
        }
        if context.environment.wantsJSON {
            try JSONOutput.print(summary)
            return
        }
        TerminalText.print("Video:              \(summary.id)")
        TerminalText.print("Title:              \(summary.title ?? "")")
        TerminalText.print("Live status:        \(summary.liveStatus ?? "none")")
        TerminalText.print("Concurrent viewers: \(summary.concurrentViewers.map(String.init) ?? "-")")
        TerminalText.print("Active live chat:   \(summary.activeLiveChatId ?? "-")")
    }
}
