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
