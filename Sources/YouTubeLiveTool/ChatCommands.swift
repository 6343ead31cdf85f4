import Foundation
import GoogleCLIKit
import GoogleYouTube

// MARK: - ChatCommands

/// `chat tail`: follows a live chat until it ends.
enum ChatCommands {
    static let tail = Command(
        "chat tail", summary: "Print a live chat's messages the moment they arrive, until the chat ends or Ctrl-C.",
        arguments: "[BROADCAST_ID]",
        options: [
            OptionSpecification(
                "video", value: "VIDEO_ID", help: "Follow the chat of this live video (any channel's; with --api-key, no sign-in)."),
            OptionSpecification("poll", help: "Poll liveChatMessages.list at the server's interval instead of streaming."),
            OptionSpecification("sse", help: "Ask for server-sent events (alt=sse) instead of a streamed JSON array."),
            OptionSpecification("max-messages", value: "N", help: "Stop after N messages (for scripts and tests)."),
            OptionSpecification("max-polls", value: "N", help: "Stop after N polls (implies --poll)."),
            OptionSpecification(
                "budget-hours", value: "N",
                help: "Poll slowly enough that today's quota left lasts N hours (implies --poll; never faster than the server asks)."),
        ]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let videoID = arguments.value("video")
        let broadcastID = videoID == nil ? try arguments.positional(0, named: "BROADCAST_ID") : nil
        if videoID != nil, !arguments.positionals.isEmpty {
            throw CommandLineError.usage("give either BROADCAST_ID or --video VIDEO_ID, not both")
        }
        let maxPolls = try arguments.positiveInteger("max-polls")
        let maxMessages = try arguments.positiveInteger("max-messages")
        let budgetHours = try arguments.value("budget-hours").map { text -> Double in
            guard let hours = Double(text), hours > 0, hours <= 24 * 7 else {
                throw CommandLineError.usage("--budget-hours must be a number of hours, more than 0 and at most 168; got '\(text)'")
            }
            return hours
        }
        let polls = arguments.flag("poll") || maxPolls != nil || budgetHours != nil
        if polls && arguments.flag("sse") { throw CommandLineError.usage("--sse applies to the stream, not to --poll") }
        let youtube = try YouTubeLiveTool.service(context, arguments)
        try await context.reportingErrors {
            // With an API key there is no "my broadcasts": a broadcast's ID is its video's ID.
            let byVideo = videoID ?? (context.environment.apiKey != nil ? broadcastID : nil)
            let chatID = try await findChat(youtube, broadcastID: broadcastID, videoID: byVideo)
            let json = context.environment.wantsJSON
            var printed = 0
            do {
                if polls {
                    // The library's polling sequence waits the server's interval between polls and
                    // ends when the chat does; `--max-polls` stops it before the poll after the Nth.
                    let budget = PollBudget(limit: maxPolls)
                    var floor: Duration?
                    if let budgetHours {
                        // Today's units left, spread over the hours asked for.
                        let left = try await QuotaSettings.ledger(context, arguments: arguments).status().remaining
                        let interval = LiveChatMessageStream.interval(forBudget: left, lasting: .seconds(budgetHours * 3600))
                        let seconds = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
                        standardError(
                            String(
                                format: "Polling at most every %.2f s so that %d units last %g hours.", seconds, left, budgetHours))
                        floor = interval
                    }
                    let messages = youtube.liveChatMessages.messages(liveChatId: chatID, minimumInterval: floor) { wait in
                        guard await budget.spend() else { throw PollBudget.Exhausted() }
                        try await Task.sleep(for: wait)
                    }
                    for try await message in messages {
                        try printMessage(message, json: json)
                        printed += 1
                        if printed == maxMessages { return }
                    }
                } else {
                    // One long-lived response: each message is printed the moment it arrives.
                    let framing: ServerStreamFraming = arguments.flag("sse") ? .serverSentEvents : .jsonArray
                    for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: chatID, framing: framing) {
                        try printMessage(message, json: json)
                        printed += 1
                        if printed == maxMessages { return }
                    }
                }
                standardError("The chat has ended.")
            } catch is PollBudget.Exhausted {
                return
            }
        }
    }

    /// The chat of a broadcast of the user's, or of any live video (`videos.list`'s
    /// `liveStreamingDetails.activeLiveChatId`, present while the video is live).
    static func findChat(_ youtube: YouTube, broadcastID: String?, videoID: String?) async throws -> String {
        if let videoID {
            let found = try await youtube.videos.list(part: [.liveStreamingDetails], id: [videoID])
            guard let video = found.items?.first else { throw CommandLineError.failure("video \(videoID) not found") }
            guard let chatID = video.liveStreamingDetails?.activeLiveChatId else {
                throw CommandLineError.failure("video \(videoID) has no active live chat (not live, or chat disabled)")
            }
            return chatID
        }
        let id = broadcastID ?? ""
        let found = try await youtube.liveBroadcasts.list(part: [.id, .snippet], id: [id])
        guard let chatID = found.items?.first?.snippet?.liveChatId else {
            throw CommandLineError.failure("broadcast \(id) not found or has no live chat")
        }
        return chatID
    }

    static func printMessage(_ message: YouTube.LiveChatMessage, json: Bool) throws {
        if json {
            try JSONOutput.printLine(message)
            return
        }
        let author = message.authorDetails?.displayName ?? message.snippet?.authorChannelId ?? "?"
        let text = message.snippet?.displayMessage ?? message.snippet?.textMessageDetails?.messageText ?? ""
        let time = message.snippet?.publishedAt.map { BroadcastCommands.format($0) } ?? ""
        // Chat text is typed by anyone watching: it must not reach the terminal raw.
        print("\(time) \(TerminalText.sanitized(author)): \(TerminalText.sanitized(text))")
        // Printed the moment it arrives, also into a pipe (stdio would hold it in its buffer).
        fflush(nil)
    }
}
