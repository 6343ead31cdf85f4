import Foundation

// MARK: - ChatMessage

struct ChatMessage: Sendable {
    var id: String
    var liveChatID: String
    var author: ChatAuthor
    var publishedAt: Date
    var text: String

    func json(parts: Set<String>) -> JSON {
        var members: [(String, JSON)] = [
            ("kind", .string("youtube#liveChatMessage")),
            ("etag", .string(YouTubeParts.etag(id, text))),
            ("id", .string(id)),
        ]
        if parts.contains("snippet") {
            members.append(("snippet", .object([
                ("type", .string("textMessageEvent")),
                ("liveChatId", .string(liveChatID)),
                ("authorChannelId", .string(author.channelID)),
                ("publishedAt", .string(RFC3339.string(from: publishedAt))),
                ("hasDisplayContent", .bool(true)),
                ("displayMessage", .string(text)),
                ("textMessageDetails", .object([("messageText", .string(text))])),
            ])))
        }
        if parts.contains("authorDetails") {
            members.append(("authorDetails", author.json))
        }
        return .object(members)
    }
}
