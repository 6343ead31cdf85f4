import Foundation
import GoogleEmulator
import GoogleYouTube
import Testing

// MARK: - LiveChatMessageStream

/// The chat sequence against the emulator: waits come from `pollingIntervalMillis` (recorded by
/// an injected sleep, so the test is exact and independent of machine load) and the sequence
/// ends by itself when the chat does.
@Suite struct LiveChatMessageStreamTests {
    /// Records each requested wait and runs a step of the scenario instead of sleeping.
    actor WaitLog {
        private(set) var waits: [Duration] = []
        func record(_ wait: Duration) -> Int {
            waits.append(wait)
            return waits.count
        }
    }

    @Test func waitsTheServersIntervalAndEndsWithTheChat() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.chatPollingIntervalMillis = 350
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube], configuration: configuration)
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let chatID = GoogleEmulator.Seed.liveChatID
        let backlog = try #require(backend.emulator.chatMessageCount(liveChatID: chatID))
        let emulator = backend.emulator
        let log = WaitLog()

        let stream = youtube.liveChatMessages.messages(liveChatId: chatID) { wait in
            switch await log.record(wait) {
            case 1: _ = emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "after the first wait")
            case 2:
                _ = try await youtube.liveBroadcasts.transition(
                    broadcastStatus: .complete, id: GoogleEmulator.Seed.liveBroadcastID, part: ["status"])
            default: Issue.record("polled again after the chat ended")
            }
        }
        var texts: [String] = []
        for try await message in stream {
            texts.append(message.snippet?.displayMessage ?? message.snippet?.textMessageDetails?.messageText ?? "")
        }

        #expect(
            await log.waits == [.milliseconds(350), .milliseconds(350)],
            "one wait of the server's interval between polls, none after the end")
        #expect(texts.count >= backlog + 1)
        #expect(texts.contains("after the first wait"))
        #expect(texts.firstIndex(of: "after the first wait") ?? 0 >= backlog, "polls continue after the backlog, without repeats")
    }

    @Test func anEndedChatYieldsItsBacklogAndStopsWithoutWaiting() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let chatID = GoogleEmulator.Seed.completedChatID
        let log = WaitLog()
        var count = 0
        for try await _ in youtube.liveChatMessages.messages(liveChatId: chatID, sleep: { _ = await log.record($0) }) {
            count += 1
        }
        #expect(count == backend.emulator.chatMessageCount(liveChatID: chatID))
        #expect(await log.waits.isEmpty)
    }

    @Test func otherErrorsAreThrown() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let error = await #expect(throws: GoogleAPIError.self) {
            for try await _ in youtube.liveChatMessages.messages(liveChatId: "no-such-chat", sleep: { _ in }) {}
        }
        #expect(error?.status == 404)
    }
}
