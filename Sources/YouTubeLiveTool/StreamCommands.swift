import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleYouTube

// MARK: - StreamCommands

/// `streams list`, `streams health`.
enum StreamCommands {
    static let list = Command(
        "streams list", summary: "List the channel's live streams (ingestion settings).",
        options: [OptionSpecification("max", value: "N", help: "Stop after N streams.")]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let limit = try arguments.positiveInteger("max")
        let youtube = try YouTubeLiveTool.service(context, arguments)
        let streams: [YouTube.LiveStream] = try await context.reportingErrors {
            let pages: APIPageSequence<YouTube.LiveStreamListResponse> = youtube.liveStreams.listPages(
                .init(
                    part: [.id, .snippet, .cdn, .status], maxResults: UInt32(min(limit ?? 50, 50)), mine: true))
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

    // MARK: - health

    static let health = Command(
        "streams health", summary: "Show a stream's status and health (good, ok, bad, noData) and configuration issues.",
        arguments: "STREAM_ID",
        options: [
            OptionSpecification("watch", help: "Keep watching: print each change until Ctrl-C."),
            OptionSpecification(
                "interval", value: "DURATION", help: "Time between polls with --watch, 10ms to 1d (default 10s; each poll costs quota)."),
            OptionSpecification("max-updates", value: "N", help: "Stop after N updates (for scripts and tests)."),
        ]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "STREAM_ID")
        let interval = try arguments.duration("interval", in: LifecycleCommands.pollRange) ?? .seconds(10)
        let maxUpdates = try arguments.positiveInteger("max-updates")
        let lifecycle = YouTubeBroadcastLifecycle(youtube: try YouTubeLiveTool.service(context, arguments))
        let json = context.environment.wantsJSON
        try await context.reportingErrors {
            do {
                guard arguments.flag("watch") else {
                    try printHealth(try await lifecycle.health(stream: id), json: json)
                    return
                }
                var printed = 0
                for try await health in lifecycle.healthUpdates(stream: id, interval: interval) {
                    try printHealth(health, json: json)
                    printed += 1
                    if printed == maxUpdates { return }
                }
            } catch let error as YouTubeLifecycleError {
                throw CommandLineError.failure("\(error)")
            }
        }
    }

    static func printHealth(_ health: YouTubeStreamHealth, json: Bool) throws {
        if json {
            try JSONOutput.printLine(HealthReport(health))
        } else {
            print(health.description)
        }
        fflush(nil)
    }

    /// The `--json` form of a health reading.
    struct HealthReport: Encodable {
        struct Issue: Encodable {
            var type: String
            var severity: String
            var reason: String
        }

        var stream: String
        var streamStatus: String
        var health: String
        var issues: [Issue]

        init(_ health: YouTubeStreamHealth) {
            stream = health.streamID
            streamStatus = health.streamStatus
            self.health = health.health
            issues = health.issues.map { Issue(type: $0.type, severity: $0.severity, reason: $0.reason) }
        }
    }
}
