import GoogleJSON

// MARK: - ChatBan

struct ChatBan: Sendable {
    var id: String
    var liveChatID: String
    var type: String
    var durationSeconds: Int64?
    var bannedUser: ChatAuthor

    var json: JSONValue {
        .members([
            ("kind", .string("youtube#liveChatBan")),
            ("etag", .string(YouTubeParts.etag(id))),
            ("id", .string(id)),
            (
                "snippet",
                JSONValue.compactObject([
                    ("liveChatId", .string(liveChatID)),
                    ("type", .string(type)),
                    ("banDurationSeconds", durationSeconds.map { .string(String($0)) }),
                    (
                        "bannedUserDetails",
                        .members([
                            ("channelId", .string(bannedUser.channelID)),
                            ("channelUrl", .string("http://www.youtube.com/channel/\(bannedUser.channelID)")),
                            ("displayName", .string(bannedUser.displayName)),
                            ("profileImageUrl", .string("https://yt3.ggpht.com/emulated/\(bannedUser.channelID)")),
                        ])
                    ),
                ])
            ),
        ])
    }
}
