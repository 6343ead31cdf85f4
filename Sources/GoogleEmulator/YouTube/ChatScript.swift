import Foundation

// MARK: - ChatScript

/// A live chat that plays out over time: viewers post, the network drops open streams, the
/// chat ends. Run one with ``GoogleEmulator/play(_:liveChatID:)``.
public struct ChatScript: Sendable {
    /// One thing that happens in the chat.
    public enum Step: Sendable, Hashable {
        /// A viewer posts a message.
        case post(author: String, text: String)
        /// Nothing happens for a while.
        case wait(Duration)
        /// Every open chat stream sends half of its next element and closes the connection.
        case dropStreams
        /// The chat goes offline (its streams send `offlineAt` and close).
        case end
    }

    public var steps: [Step]

    public init(_ steps: [Step]) {
        self.steps = steps
    }

    /// `count` messages from rotating viewers, `interval` apart, texts `"\(prefix) 1"`, `"\(prefix) 2"`, ….
    /// - Parameters:
    ///   - count: How many messages.
    ///   - interval: The wait before each message but the first.
    ///   - prefix: The start of every text.
    ///   - dropAfter: Drop the open streams after this many messages (`nil`: never).
    ///   - ends: Whether the chat ends after the last message.
    public static func messages(
        _ count: Int, every interval: Duration, prefix: String = "message", dropAfter: Int? = nil, ends: Bool = true
    ) -> ChatScript {
        let authors = ["Ada", "Grace", "Alan", "Barbara", "Edsger"]
        var steps: [Step] = []
        for number in 1...max(1, count) where count > 0 {
            if number > 1, interval > .zero { steps.append(.wait(interval)) }
            steps.append(.post(author: authors[(number - 1) % authors.count], text: "\(prefix) \(number)"))
            if number == dropAfter { steps.append(.dropStreams) }
        }
        if ends { steps.append(.end) }
        return ChatScript(steps)
    }
}
