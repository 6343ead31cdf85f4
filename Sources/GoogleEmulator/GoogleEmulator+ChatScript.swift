import Foundation
import GoogleBase

// MARK: - Scripted chats

extension GoogleEmulator {
    /// Plays `script` in a chat, starting now, on a task of its own; waits use a dispatch timer,
    /// so a busy cooperative pool does not hold the script back.
    /// - Parameters:
    ///   - script: What happens, in order.
    ///   - liveChatID: The chat (e.g. ``Seed/liveChatID``).
    /// - Returns: The task playing it; await its value to know the script has finished, cancel it
    ///   to stop before the next step.
    @discardableResult
    public func play(_ script: ChatScript, liveChatID: String) -> Task<Void, Never> {
        Task.detached { [self] in
            for step in script.steps {
                if Task.isCancelled { return }
                switch step {
                case .post(let author, let text):
                    postChatMessage(liveChatID: liveChatID, authorName: author, text: text)
                case .wait(let duration):
                    await OffPoolTimer.sleep(for: duration)
                case .dropStreams:
                    dropChatStreams()
                case .end:
                    endChat(liveChatID: liveChatID)
                }
            }
        }
    }

    /// Makes every open chat stream send half of its next element and close the connection.
    public func dropChatStreams() {
        context.youtube.chatUpdates.dropStreams()
    }

    /// Ends a chat now, as when its broadcast completes.
    /// - Returns: Whether the chat exists.
    @discardableResult
    public func endChat(liveChatID: String) -> Bool {
        let ended: Void? = context.youtube.updateChat(liveChatID) { chat in
            if chat.endedAt == nil { chat.endedAt = Date() }
        }
        return ended != nil
    }
}
