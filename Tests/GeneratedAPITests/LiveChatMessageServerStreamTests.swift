import Foundation
import GoogleEmulator
import GoogleYouTube
import TestSupport
import Testing

// MARK: - LiveChatMessageServerStream

/// YouTube's chat stream (`liveChat/messages/stream`) against the emulator's streaming chat,
/// through the real transport, in both framings.
@Suite struct LiveChatMessageServerStreamTests {
    private static let chatID = GoogleEmulator.Seed.liveChatID

    private static func text(_ message: YouTube.LiveChatMessage) -> String {
        message.snippet?.displayMessage ?? ""
    }

    private static func streamRequests(_ emulator: GoogleEmulator) -> [RecordedRequest] {
        emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveChat/messages/stream" }
    }

    private static func youtube(_ backend: EmulatorBackend) -> YouTube {
        YouTube(session: backend.session, rootURL: backend.rootURL)
    }

    @Test("history first, then each message as it is posted, before the response ends", arguments: ServerStreamFraming.allCases)
    func incremental(framing: ServerStreamFraming) async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = Self.youtube(backend)
        var iterator = youtube.liveChatMessages.streamedMessages(liveChatId: Self.chatID, framing: framing).makeAsyncIterator()
        var history: [String] = []
        for _ in 0..<GoogleEmulator.Seed.liveChatMessageCount {
            history.append(Self.text(try #require(try await iterator.next())))
        }
        #expect(history.count == GoogleEmulator.Seed.liveChatMessageCount)
        // Posted after the history arrived, while the chat is live: only an incremental read sees it.
        backend.emulator.postChatMessage(liveChatID: Self.chatID, authorName: "Ada", text: "live one")
        let next = try #require(try await iterator.next())
        #expect(Self.text(next) == "live one")
        #expect(next.authorDetails?.displayName == "Ada")
        let streams = backend.emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveChat/messages/stream" }
        #expect(streams.count == 1, "one connection carried history and the new message")
    }

    @Test("drops mid-element resume with the last token: every message once, in order", arguments: ServerStreamFraming.allCases)
    func resumesWithoutDuplicatesOrGaps(framing: ServerStreamFraming) async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = Self.youtube(backend)
        let emulator = backend.emulator
        let history = try #require(emulator.chatMessageCount(liveChatID: Self.chatID))
        var texts: [String] = []
        var started = false
        for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: Self.chatID, framing: framing) {
            texts.append(Self.text(message))
            if !started && texts.count == history {
                started = true
                // Forty messages; the open stream is dropped (half an element, then the
                // connection closes) before the 11th and the 26th, each time once the previous
                // connection is back; then the chat ends.
                Task {
                    for number in 1...40 {
                        if number == 11 || number == 26 {
                            let connections = Self.streamRequests(emulator).count
                            emulator.dropChatStreams()
                            emulator.postChatMessage(liveChatID: Self.chatID, authorName: "Ada", text: "m \(number)")
                            _ = await waitUntil { Self.streamRequests(emulator).count > connections }
                        } else {
                            emulator.postChatMessage(liveChatID: Self.chatID, authorName: "Ada", text: "m \(number)")
                        }
                    }
                    emulator.endChat(liveChatID: Self.chatID)
                }
            }
        }
        let live = Array(texts.dropFirst(history))
        #expect(live == (1...40).map { "m \($0)" })
        let streams = Self.streamRequests(emulator)
        #expect(streams.count == 3, "two drops, two resumptions")
        #expect(streams.dropFirst().allSatisfy { $0.query?.contains("pageToken=") == true })
    }

    @Test("a scripted chat: posts over time, a dropped stream, the end", arguments: ServerStreamFraming.allCases)
    func scriptedChat(framing: ServerStreamFraming) async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = Self.youtube(backend)
        let emulator = backend.emulator
        let history = try #require(emulator.chatMessageCount(liveChatID: Self.chatID))
        var texts: [String] = []
        for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: Self.chatID, framing: framing) {
            texts.append(Self.text(message))
            // Once the history is in, the script runs against the open stream: 30 posts 10 ms
            // apart, every open stream dropped mid-element after the 10th, then the end.
            if texts.count == history {
                emulator.play(.messages(30, every: .milliseconds(10), prefix: "s", dropAfter: 10), liveChatID: Self.chatID)
            }
        }
        #expect(Array(texts.dropFirst(history)) == (1...30).map { "s \($0)" }, "every message once, in order")
        #expect(Self.streamRequests(emulator).count >= 2, "the drop was resumed on a new connection")
    }

    @Test("the sequence ends when the chat does")
    func endsWithTheChat() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = Self.youtube(backend)
        // An ended chat: its messages, then the end.
        var ended = 0
        for try await _ in youtube.liveChatMessages.streamedMessages(liveChatId: GoogleEmulator.Seed.completedChatID) { ended += 1 }
        #expect(ended == backend.emulator.chatMessageCount(liveChatID: GoogleEmulator.Seed.completedChatID))

        // A live chat that ends while the stream is open.
        var texts: [String] = []
        for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: Self.chatID, framing: .serverSentEvents) {
            texts.append(Self.text(message))
            if texts.count == GoogleEmulator.Seed.liveChatMessageCount {
                backend.emulator.play(ChatScript([.post(author: "Grace", text: "last words"), .end]), liveChatID: Self.chatID)
            }
        }
        #expect(texts.last == "last words")
    }

    @Test("other errors are thrown")
    func errors() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let error = await #expect(throws: GoogleAPIError.self) {
            for try await _ in Self.youtube(backend).liveChatMessages.streamedMessages(liveChatId: "no-such-chat") {}
        }
        #expect(error?.status == 404)
        #expect(error?.hasReason("liveChatNotFound") == true)
    }

    @Test("cancelling the consumer ends the stream at once")
    func cancellation() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = Self.youtube(backend)
        let consumer = Task {
            var count = 0
            for try await _ in youtube.liveChatMessages.streamedMessages(liveChatId: Self.chatID) { count += 1 }
            return count
        }
        // The stream waits on a live chat that nobody posts to.
        while backend.emulator.recordedRequests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        consumer.cancel()
        let outcome = await consumer.result
        #expect(throws: CancellationError.self) { try outcome.get() }
    }
}
