import Foundation
import GoogleAPIRuntime
import GoogleCLIKit
import GoogleYouTube

// MARK: - BroadcastCommands

/// `broadcasts list`, `broadcasts create`, `broadcasts bind`, `broadcasts transition`.
enum BroadcastCommands {
    static let commands = [list, create, bind, transition]

    // MARK: - list

    static let list = Command(
        "broadcasts list", summary: "List live broadcasts, following every page.",
        options: [
            OptionSpecification("status", value: "STATUS", help: "active, all, completed or upcoming (default: all)."),
            OptionSpecification("mine", help: "Only broadcasts of the signed-in channel."),
            OptionSpecification("max", value: "N", help: "Stop after N broadcasts."),
            OptionSpecification("page-size", value: "N", help: "Broadcasts per request, 1-50 (default 50)."),
        ]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let limit = try arguments.positiveInteger("max")
        let status = try broadcastStatus(arguments.value("status"), mine: arguments.flag("mine"))
        let pageSize = min(try arguments.positiveInteger("page-size") ?? 50, limit ?? 50, 50)
        let youtube = try YouTubeLiveTool.service(context, arguments)
        let broadcasts: [YouTube.LiveBroadcast] = try await context.reportingErrors {
            let pages: APIPageSequence<YouTube.LiveBroadcastListResponse> = youtube.liveBroadcasts.listPages(
                .init(
                    part: [.id, .snippet, .status], broadcastStatus: status, maxResults: UInt32(pageSize),
                    mine: arguments.flag("mine") ? true : nil))
            return try await pages.collect(limit: limit)
        }
        try ListingOutput.print(
            broadcasts, json: context.environment.wantsJSON, noun: "broadcast",
            headers: ["ID", "STATUS", "SCHEDULED START", "PRIVACY", "TITLE"]
        ) { broadcast in
            [
                broadcast.id ?? "",
                broadcast.status?.lifeCycleStatus?.rawValue ?? "",
                broadcast.snippet?.scheduledStartTime.map(Self.format) ?? "",
                broadcast.status?.privacyStatus?.rawValue ?? "",
                broadcast.snippet?.title ?? "",
            ]
        }
    }

    /// The `broadcastStatus` filter: the one given, or `all` unless `--mine` filters instead
    /// (YouTube wants exactly one filter).
    static func broadcastStatus(_ text: String?, mine: Bool) throws -> YouTube.LiveBroadcastsResource.ListBroadcastStatus? {
        guard let text else { return mine ? nil : .all }
        let allowed: [String: YouTube.LiveBroadcastsResource.ListBroadcastStatus] = [
            "active": .active, "all": .all, "completed": .completed, "upcoming": .upcoming,
        ]
        guard let status = allowed[text] else {
            throw CommandLineError.usage("--status must be one of active, all, completed, upcoming; got '\(text)'")
        }
        return status
    }

    // MARK: - create

    static let create = Command(
        "broadcasts create", summary: "Schedule a new live broadcast.",
        options: [
            OptionSpecification("title", value: "TITLE", help: "The broadcast's title (required)."),
            OptionSpecification("start", value: "TIME", help: "Scheduled start, RFC 3339 (default: in 10 minutes)."),
            OptionSpecification("privacy", value: "STATUS", help: "private, unlisted or public (default: private)."),
            OptionSpecification("description", value: "TEXT", help: "The broadcast's description."),
        ]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        guard let title = arguments.value("title"), !title.isEmpty else {
            throw CommandLineError.usage("--title is required")
        }
        let start = try arguments.value("start").map(parseDate) ?? Date().addingTimeInterval(600)
        let privacyText = arguments.value("privacy") ?? "private"
        guard ["private", "unlisted", "public"].contains(privacyText) else {
            throw CommandLineError.usage("--privacy must be private, unlisted or public; got '\(privacyText)'")
        }
        var broadcast = YouTube.LiveBroadcast()
        var snippet = YouTube.LiveBroadcastSnippet()
        snippet.title = title
        snippet.description = arguments.value("description")
        snippet.scheduledStartTime = start
        broadcast.snippet = snippet
        var status = YouTube.LiveBroadcastStatus()
        status.privacyStatus = YouTube.LiveBroadcastStatus.PrivacyStatus(rawValue: privacyText)
        broadcast.status = status
        let youtube = try YouTubeLiveTool.service(context, arguments)
        let created = try await context.reportingErrors {
            try await youtube.liveBroadcasts.insert(part: [.id, .snippet, .status], body: broadcast)
        }
        try report(created, context: context, verb: "Created")
    }

    // MARK: - bind

    static let bind = Command(
        "broadcasts bind", summary: "Bind a broadcast to a stream (needed before testing or live).",
        arguments: "BROADCAST_ID",
        options: [OptionSpecification("stream", value: "STREAM_ID", help: "The live stream to bind (required).")]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "BROADCAST_ID")
        guard let streamID = arguments.value("stream"), !streamID.isEmpty else {
            throw CommandLineError.usage("--stream STREAM_ID is required")
        }
        let youtube = try YouTubeLiveTool.service(context, arguments)
        let bound = try await context.reportingErrors {
            try await youtube.liveBroadcasts.bind(id: id, part: [.id, .snippet, .status, .contentDetails], streamId: streamID)
        }
        try report(bound, context: context, verb: "Bound")
    }

    // MARK: - transition

    static let transition = Command(
        "broadcasts transition", summary: "Move a broadcast to testing, live or complete.", arguments: "BROADCAST_ID",
        options: [OptionSpecification("to", value: "STATUS", help: "testing, live or complete (required).")]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let id = try arguments.positional(0, named: "BROADCAST_ID")
        let targets: [String: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus] = [
            "testing": .testing, "live": .live, "complete": .complete,
        ]
        guard let text = arguments.value("to"), let target = targets[text] else {
            throw CommandLineError.usage("--to must be one of testing, live, complete")
        }
        // Through the lifecycle: a 500 that YouTube answers for a transition it may have made is
        // decided by reading the broadcast back, not by guessing.
        let lifecycle = YouTubeBroadcastLifecycle(youtube: try YouTubeLiveTool.service(context, arguments))
        let updated = try await context.reportingErrors {
            do {
                return try await lifecycle.transition(broadcast: id, to: target)
            } catch let error as YouTubeLifecycleError {
                throw CommandLineError.failure("transition stopped: \(error)")
            }
        }
        try report(updated, context: context, verb: "Transitioned")
    }

    // MARK: - Helpers

    static func report(_ broadcast: YouTube.LiveBroadcast, context: ToolContext, verb: String) throws {
        if context.environment.wantsJSON {
            try JSONOutput.print(broadcast)
        } else {
            let status = broadcast.status?.lifeCycleStatus?.rawValue ?? "unknown"
            TerminalText.print("\(verb) broadcast \(broadcast.id ?? "?") (\(status)): \(broadcast.snippet?.title ?? "")")
        }
    }

    static func parseDate(_ text: String) throws -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else {
            throw CommandLineError.usage("expected an RFC 3339 time such as 2026-12-01T18:00:00Z, got '\(text)'")
        }
        return date
    }

    static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}
