import Foundation
import GoogleEmulator
import TestSupport
import Testing

// MARK: - chat tail

/// `youtube-live chat tail` over the chat stream, run as a separate process against the emulator.
@Suite("youtube-live chat tail, streaming")
struct ChatTailToolTests {
    private static let history = GoogleEmulator.Seed.liveChatMessageCount

    @Test("streams by default and prints a message the moment it is posted")
    func printsAsItArrives() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        fixture.emulator.clearRecordedRequests()
        // Stops after the history and one message more: that message is posted only once the
        // stream is open, and the chat never ends, so only a tool printing as messages arrive exits.
        let tool = try ChildProcess.start(
            ToolProcess.productsDirectory.appendingPathComponent("youtube-live"),
            ["chat", "tail", GoogleEmulator.Seed.liveBroadcastID, "--max-messages", String(Self.history + 1)],
            environment: fixture.environment)
        let streaming = await waitUntil(.seconds(120)) {
            fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages/stream" } || tool.hasExited
        }
        #expect(streaming)
        fixture.emulator.postChatMessage(liveChatID: GoogleEmulator.Seed.liveChatID, authorName: "Ada", text: "hello live")
        let watchdog = Task {
            try await Task.sleep(for: .seconds(120))
            tool.signal(SIGTERM)
        }
        let result = await tool.finish()
        watchdog.cancel()
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == Self.history + 1)
        #expect(lines.last?.hasSuffix("Ada: hello live") == true)
        #expect(!result.standardError.contains("The chat has ended."))
        #expect(!fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages" }, "no polling")
    }

    @Test("--video finds the chat through videos.list; --json prints one object per line")
    func videoAndJSONLines() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let tail = try await fixture.run(
            "youtube-live", "chat", "tail", "--video", GoogleEmulator.Seed.liveBroadcastID, "--json", "--sse",
            "--max-messages", String(Self.history))
        #expect(tail.status == 0, "\(tail.standardError)")
        let lines = tail.standardOutput.split(separator: "\n")
        #expect(lines.count == Self.history)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["id"] is String)
            #expect((object?["snippet"] as? [String: Any])?["displayMessage"] is String)
        }
        #expect(fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/videos" })
        #expect(
            fixture.emulator.recordedRequests.contains {
                $0.path == "/youtube/v3/liveChat/messages/stream" && $0.query?.contains("alt=sse") == true
            })

        // A video whose broadcast has completed has no active chat.
        let ended = try await fixture.run("youtube-live", "chat", "tail", "--video", GoogleEmulator.Seed.completedBroadcastID)
        #expect(ended.status == 1)
        #expect(ended.standardError.contains("has no active live chat"))
        let both = try await fixture.run("youtube-live", "chat", "tail", "x", "--video", "y")
        #expect(both.status == 2)
    }

    @Test("--api-key reads a public chat without signing in, by video or broadcast ID")
    func apiKey() async throws {
        let fixture = try ToolFixture()
        for arguments in [["--video", GoogleEmulator.Seed.liveBroadcastID], [GoogleEmulator.Seed.liveBroadcastID]] {
            let tail = try await ToolProcess.run(
                "youtube-live", ["chat", "tail"] + arguments + ["--api-key", GoogleEmulator.testAPIKey, "--max-messages", "3"],
                environment: fixture.environment)
            #expect(tail.status == 0, "\(tail.standardError)")
            #expect(tail.standardOutput.split(separator: "\n").count == 3)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenStore.path), "never signed in")
        #expect(fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages/stream" && $0.status == 200 })
    }

    @Test("--poll keeps the polling sequence")
    func poll() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let tail = try await fixture.run("youtube-live", "chat", "tail", GoogleEmulator.Seed.completedBroadcastID, "--poll")
        #expect(tail.status == 0, "\(tail.standardError)")
        #expect(tail.standardError.contains("The chat has ended."))
        #expect(fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages" })
        #expect(!fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages/stream" })
    }
}
