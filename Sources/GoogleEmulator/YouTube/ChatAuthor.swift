import GoogleJSON

// MARK: - ChatAuthor

/// Someone who posts in a chat.
struct ChatAuthor: Sendable, Hashable {
    var channelID: String
    var displayName: String
    var isChatOwner = false
    var isChatModerator = false
    var isChatSponsor = false
    var isVerified = false

    var json: JSONValue {
        .members([
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
