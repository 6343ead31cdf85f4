import GoogleJSON

// MARK: - ChatModerator

struct ChatModerator: Sendable {
    var id: String
    var liveChatID: String
    var moderator: ChatAuthor

    var json: JSONValue {
        .members([
            ("kind", .string("youtube#liveChatModerator")),
            ("etag", .string(YouTubeParts.etag(id))),
            ("id", .string(id)),
            (
                "snippet",
                .members([
                    (
                        "moderatorDetails",
                        .members([
                            ("channelId", .string(moderator.channelID)),
                            ("channelUrl", .string("http://www.youtube.com/channel/\(moderator.channelID)")),
                            ("displayName", .string(moderator.displayName)),
                            ("profileImageUrl", .string("https://yt3.ggpht.com/emulated/\(moderator.channelID)")),
                        ])
                    ),
                    ("liveChatId", .string(liveChatID)),
                ])
            ),
        ])
    }
}
