import Foundation

// MARK: - LiveChat

/// The chat of one broadcast: messages in arrival order, moderators and bans.
struct LiveChat: Sendable {
    var id: String
    var broadcastID: String
    var messages: [ChatMessage] = []
    var moderators: [ChatModerator] = []
    var bans: [ChatBan] = []
    /// When the chat went offline (its broadcast completed).
    var endedAt: Date?
}

// MARK: - ChatAuthor

/// Someone who posts in a chat.
struct ChatAuthor: Sendable, Hashable {
    var channelID: String
    var displayName: String
    var isChatOwner = false
    var isChatModerator = false
    var isChatSponsor = false
    var isVerified = false

    var json: JSON {
        .object([
            ("channelId", .string(channelID)),
            ("channelUrl", .string("http://www.youtube.com/channel/\(channelID)")),
            ("displayName", .string(displayName)),
            ("profileImageUrl", .string("https://yt3.ggpht.com/emulated/\(channelID)=s88-c-k-c0x00ffffff-no-rj")),
            ("isVerified", .bool(isVerified)),
            ("isChatOwner", .bool(isChatOwner)),
            ("isChatSponsor", .bool(isChatSponsor)),
            ("isChatModerator", .bool(isChatModerator)),
        ])
    }
}

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

// MARK: - ChatModerator

struct ChatModerator: Sendable {
    var id: String
    var liveChatID: String
    var moderator: ChatAuthor

    var json: JSON {
        .object([
            ("kind", .string("youtube#liveChatModerator")),
            ("etag", .string(YouTubeParts.etag(id))),
            ("id", .string(id)),
            ("snippet", .object([
                ("moderatorDetails", .object([
                    ("channelId", .string(moderator.channelID)),
                    ("channelUrl", .string("http://www.youtube.com/channel/\(moderator.channelID)")),
                    ("displayName", .string(moderator.displayName)),
                    ("profileImageUrl", .string("https://yt3.ggpht.com/emulated/\(moderator.channelID)")),
                ])),
                ("liveChatId", .string(liveChatID)),
            ])),
        ])
    }
}

// MARK: - ChatBan

struct ChatBan: Sendable {
    var id: String
    var liveChatID: String
    var type: String
    var durationSeconds: Int64?
    var bannedUser: ChatAuthor

    var json: JSON {
        .object([
            ("kind", .string("youtube#liveChatBan")),
            ("etag", .string(YouTubeParts.etag(id))),
            ("id", .string(id)),
            ("snippet", JSON.compactObject([
                ("liveChatId", .string(liveChatID)),
                ("type", .string(type)),
                ("banDurationSeconds", durationSeconds.map { .string(String($0)) }),
                ("bannedUserDetails", .object([
                    ("channelId", .string(bannedUser.channelID)),
                    ("channelUrl", .string("http://www.youtube.com/channel/\(bannedUser.channelID)")),
                    ("displayName", .string(bannedUser.displayName)),
                    ("profileImageUrl", .string("https://yt3.ggpht.com/emulated/\(bannedUser.channelID)")),
                ])),
            ])),
        ])
    }
}
