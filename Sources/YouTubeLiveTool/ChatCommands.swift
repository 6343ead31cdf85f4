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
            var pageToken: String?
            var polls = 0
            while true {
                let page = try await youtube.liveChatMessages.list(
                    liveChatId: chatID, part: ["id", "snippet", "authorDetails"], pageToken: pageToken)
                for message in page.items ?? [] {
                    try printMessage(message, json: context.environment.wantsJSON)
                }
                polls += 1
                if page.offlineAt != nil {
                    standardError("The chat has ended.")
                    return
                }
                if let maxPolls, polls >= maxPolls { return }
                pageToken = page.nextPageToken ?? pageToken
                // YouTube asks clients to wait this long between polls; polling faster burns quota.
                let interval = max(Int(page.pollingIntervalMillis ?? 5000), 100)
                try await Task.sleep(for: .milliseconds(interval))
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
        print("\(time) \(author): \(text)")
    }
}
