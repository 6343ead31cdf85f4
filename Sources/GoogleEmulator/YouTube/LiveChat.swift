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
