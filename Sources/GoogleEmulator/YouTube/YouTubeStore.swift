import Foundation
import Synchronization

// MARK: - YouTubeStore

/// Broadcasts, streams and chats of the emulated channel.
final class YouTubeStore: Sendable {
    struct State {
        var broadcasts: [String: LiveBroadcast] = [:]
        var streams: [String: LiveStream] = [:]
        var chats: [String: LiveChat] = [:]
        var nextSequence = 0
    }

    let state = Mutex(State())
    let identifiers: IdentifierGenerator
    let channelID: String
    let owner: ChatAuthor
    /// Wakes open chat streams when a chat changes.
    let chatUpdates = ChatUpdates()

    /// How long `testStarting`/`liveStarting` last.
    let transitionDuration: Duration
    /// Units spent against the daily budget.
    let quota: YouTubeQuotaMeter

    init(identifiers: IdentifierGenerator, channelTitle: String, transitionDuration: Duration = .seconds(1), dailyQuota: Int? = nil) {
        self.identifiers = identifiers
        self.transitionDuration = transitionDuration
        self.quota = YouTubeQuotaMeter(dailyBudget: dailyQuota)
        self.channelID = "UCemulatedChannel0000000"
        self.owner = ChatAuthor(channelID: "UCemulatedChannel0000000", displayName: channelTitle, isChatOwner: true)
    }

    func newID(length: Int = 11) -> String {
        identifiers.next(length: length)
    }

    // MARK: - Broadcasts

    /// Adds a broadcast with a fresh chat; returns it with its sequence number.
    @discardableResult
    func insertBroadcast(_ broadcast: LiveBroadcast) -> LiveBroadcast {
        state.withLock { state in
            var broadcast = broadcast
            broadcast.sequence = state.nextSequence
            state.nextSequence += 1
            state.broadcasts[broadcast.id] = broadcast
            state.chats[broadcast.liveChatID] = LiveChat(id: broadcast.liveChatID, broadcastID: broadcast.id)
            return broadcast
        }
    }

    func broadcast(_ id: String) -> LiveBroadcast? {
        state.withLock { state in
            Self.settle(&state, now: Date())
            return state.broadcasts[id]
        }
    }

    var allBroadcasts: [LiveBroadcast] {
        state.withLock { state in
            Self.settle(&state, now: Date())
            return state.broadcasts.values.sorted { $0.sequence < $1.sequence }
        }
    }

    func updateBroadcast(_ id: String, _ change: (inout LiveBroadcast, inout State) -> Void) -> LiveBroadcast? {
        state.withLock { state in
            Self.settle(&state, now: Date())
            guard var broadcast = state.broadcasts[id] else { return nil }
            change(&broadcast, &state)
            state.broadcasts[id] = broadcast
            return broadcast
        }
    }

    func deleteBroadcast(_ id: String) -> Bool {
        state.withLock { state in
            guard let removed = state.broadcasts.removeValue(forKey: id) else { return false }
            state.chats.removeValue(forKey: removed.liveChatID)
            return true
        }
    }

    /// Ends the intermediate states whose time is over (checked on every read, so no timer runs).
    private static func settle(_ state: inout State, now: Date) {
        for (id, broadcast) in state.broadcasts where broadcast.pendingUntil != nil {
            var settled = broadcast
            BroadcastLifeCycle.settle(&settled, now: now)
            state.broadcasts[id] = settled
        }
    }

    // MARK: - Streams

    @discardableResult
    func insertStream(_ stream: LiveStream) -> LiveStream {
        state.withLock { state in
            var stream = stream
            stream.sequence = state.nextSequence
            state.nextSequence += 1
            state.streams[stream.id] = stream
            return stream
        }
    }

    func stream(_ id: String) -> LiveStream? {
        state.withLock { $0.streams[id] }
    }

    var allStreams: [LiveStream] {
        state.withLock { $0.streams.values.sorted { $0.sequence < $1.sequence } }
    }

    /// Changes the stream whose ingestion key (`cdn.ingestionInfo.streamName`) is `key`.
    /// - Returns: Whether such a stream exists.
    func updateStream(key: String, _ change: (inout LiveStream) -> Void) -> Bool {
        state.withLock { state in
            guard case (let id, var stream)? = state.streams.first(where: { $0.value.streamName == key }) else { return false }
            change(&stream)
            state.streams[id] = stream
            return true
        }
    }

    func deleteStream(_ id: String) -> Bool {
        state.withLock { $0.streams.removeValue(forKey: id) != nil }
    }

    // MARK: - Chats

    func chat(_ id: String) -> LiveChat? {
        state.withLock { $0.chats[id] }
    }

    func updateChat<T>(_ id: String, _ change: (inout LiveChat) -> T) -> T? {
        defer { chatUpdates.notify() }
        return state.withLock { state in
            guard var chat = state.chats[id] else { return nil }
            let result = change(&chat)
            state.chats[id] = chat
            return result
        }
    }

    /// Posts a message as `author`; `nil` when the chat does not exist or has ended.
    func postMessage(liveChatID: String, author: ChatAuthor, text: String, at date: Date = Date()) -> ChatMessage? {
        let id = newID(length: 40)
        return updateChat(liveChatID) { chat -> ChatMessage? in
            guard chat.endedAt == nil else { return nil }
            var author = author
            author.isChatModerator = chat.moderators.contains { $0.moderator.channelID == author.channelID }
            let message = ChatMessage(id: id, liveChatID: liveChatID, author: author, publishedAt: date, text: text)
            chat.messages.append(message)
            return message
        } ?? nil
    }
}
