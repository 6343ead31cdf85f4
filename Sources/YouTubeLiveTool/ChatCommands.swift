import Foundation
import GoogleCLIKit
import GoogleYouTube

// MARK: - ChatCommands

/// `chat tail`: follows a broadcast's live chat until it ends.
enum ChatCommands {
    static let tail = Command(
        "chat tail", summary: "Print a broadcast's live chat as it arrives, until the chat ends or Ctrl-C.",
        arguments: "BROADCAST_ID",
        options: [OptionSpecification("max-polls", value: "N", help: "Stop after N polls (for scripts and tests).")]
    ) { arguments in
        let context = try YouTubeLiveTool.context(arguments)
        let broadcastID = try arguments.positional(0, named: "BROADCAST_ID")
        let maxPolls = try arguments.positiveInteger("max-polls")
        let youtube = try YouTubeLiveTool.service(context)
        try await context.reportingErrors {
            let found = try await youtube.liveBroadcasts.list(part: ["id", "snippet"], id: [broadcastID])
            guard let chatID = found.items?.first?.snippet?.liveChatId else {
                throw CommandLineError.failure("broadcast \(broadcastID) not found or has no live chat")
            }
            // The library's chat sequence waits the server's polling interval between polls and
            // ends when the chat does; `--max-polls` stops it before the poll after the Nth.
            let polls = PollBudget(limit: maxPolls)
            let messages = youtube.liveChatMessages.messages(liveChatId: chatID) { wait in
                guard await polls.spend() else { throw PollBudget.Exhausted() }
                try await Task.sleep(for: wait)
            }
            do {
                for try await message in messages {
                    try printMessage(message, json: context.environment.wantsJSON)
                }
                standardError("The chat has ended.")
            } catch is PollBudget.Exhausted {
                return
            }
        }
    }

    static func printMessage(_ message: YouTube.LiveChatMessage, json: Bool) throws {
        if json {
            try JSONOutput.print(message)
            return
        }
        let author = message.authorDetails?.displayName ?? message.snippet?.authorChannelId ?? "?"
        let text = message.snippet?.displayMessage ?? message.snippet?.textMessageDetails?.messageText ?? ""
        let time = message.snippet?.publishedAt.map { BroadcastCommands.format($0) } ?? ""
        // Chat text is typed by anyone watching: it must not reach the terminal raw.
        print("\(time) \(TerminalText.sanitized(author)): \(TerminalText.sanitized(text))")
    }
}
