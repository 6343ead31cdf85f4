import Foundation
import GoogleEmulator
import GoogleYouTube
import TestSupport
import Testing

/// A chat stream opened on a chat with no messages yet: the array opens with `[` alone and its
/// first element must follow without a comma (the emulator once wrote `[,`).
@Suite struct EmptyChatStreamTests {
    @Test(arguments: ServerStreamFraming.allCases)
    func theFirstMessageOfAnEmptyChatArrives(framing: ServerStreamFraming) async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let broadcast = try await youtube.liveBroadcasts.insert(
            part: ["id", "snippet"],
            body: YouTube.LiveBroadcast(
                snippet: YouTube.LiveBroadcastSnippet(scheduledStartTime: Date().addingTimeInterval(600), title: "Quiet"),
                status: YouTube.LiveBroadcastStatus(privacyStatus: .private)))
        let chatID = try #require(broadcast.snippet?.liveChatId)
        #expect(backend.emulator.chatMessageCount(liveChatID: chatID) == 0)
        let poster = Task {
            // Posted once the stream is open (and has sent its lone `[`).
            _ = await waitUntil(.seconds(60)) {
                backend.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages/stream" }
            }
            backend.emulator.postChatMessage(liveChatID: chatID, authorName: "Grace", text: "first!")
            backend.emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "second")
        }
        var texts: [String] = []
        for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: chatID, framing: framing) {
            texts.append(message.snippet?.displayMessage ?? "")
            if texts.count == 2 { break }
        }
        await poster.value
        #expect(texts == ["first!", "second"])
        let streams = backend.emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveChat/messages/stream" }
        #expect(streams.count == 1, "one connection, no reconnection after a parse failure")
    }
}
