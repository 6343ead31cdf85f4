import Foundation
import GoogleJSON

// MARK: - ChatMessage

struct ChatMessage: Sendable {
    var id: String
    var liveChatID: String
    var author: ChatAuthor
    var publishedAt: Date
    var text: String

    func json(parts: Set<String>) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string("youtube#liveChatMessage")),
            ("etag", .string(YouTubeParts.etag(id, text))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(
                (
                    "snippet",
                    .members([
                        ("type", .string("textMessageEvent")),
                        ("liveChatId", .string(liveChatID)),
                        ("authorChannelId", .string(author.channelID)),
                        ("publishedAt", .string(RFC3339.format(publishedAt))),
                        ("hasDisplayContent", .bool(true)),
                        ("displayMessage", .string(text)),
                        ("textMessageDetails", .members([("messageText", .string(text))])),
                    ])
                ))
        }
        if parts.contains("authorDetails") {
            members.append(("authorDetails", author.json))
        }
        return .members(members)
    }
}
