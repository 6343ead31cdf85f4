import Foundation
import GoogleCLIKit
import GoogleAPIRuntime
import GoogleYouTube

// MARK: - StreamCommands

/// `streams list`.
enum StreamCommands {
    static let list = Command(
        "streams list", summary: "List the channel's live streams (ingestion settings).",
        options: [OptionSpecification("max", value: "N", help: "Stop after N streams.")]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let limit = try arguments.positiveInteger("max")
        let youtube = try YouTubeLiveTool.service(context)
        let streams: [YouTube.LiveStream] = try await context.reportingErrors {
            let pages: APIPageSequence<YouTube.LiveStreamListResponse> = youtube.liveStreams.listPages(.init(
                part: ["id", "snippet", "cdn", "status"], maxResults: UInt32(min(limit ?? 50, 50)), mine: true))
            return try await pages.collect(limit: limit)
        }
        try ListingOutput.print(
            streams, json: context.environment.wantsJSON, noun: "stream",
            headers: ["ID", "STATUS", "RESOLUTION", "TITLE"]
        ) { stream in
            [
                stream.id ?? "",
                stream.status?.streamStatus?.rawValue ?? "",
                stream.cdn?.resolution?.rawValue ?? "",
                stream.snippet?.title ?? "",
            ]
        }
    }
}
