import Foundation
import GoogleEmulator
import Testing

@Suite("youtube-live tool, run as a separate process against the emulator")
struct YouTubeLiveToolTests {
    @Test("login, status and broadcasts list across pages")
    func listBroadcastsAcrossPages() async throws {
        let fixture = try ToolFixture()
        let login = try await fixture.login("youtube-live")
        #expect(login.status == 0, "\(login.standardError)")

        let status = try await fixture.run("youtube-live", "status", "--json")
        #expect(status.status == 0)
        let statusJSON = try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        #expect(statusJSON?["signedIn"] as? Bool == true)
        #expect((statusJSON?["scopes"] as? [String])?.contains("https://www.googleapis.com/auth/youtube") == true)

        let all = try await fixture.run("youtube-live", "broadcasts", "list", "--json")
        #expect(all.status == 0, "\(all.standardError)")
        let everything = try #require(try JSONSerialization.jsonObject(with: Data(all.standardOutput.utf8)) as? [[String: Any]])
        #expect(everything.count >= 3)

        // Two per page forces the tool to follow nextPageToken to find them all again.
        let paged = try await fixture.run("youtube-live", "broadcasts", "list", "--page-size", "2", "--json")
        let pagedItems = try #require(try JSONSerialization.jsonObject(with: Data(paged.standardOutput.utf8)) as? [[String: Any]])
        #expect(pagedItems.compactMap { $0["id"] as? String } == everything.compactMap { $0["id"] as? String })

        let upcoming = try await fixture.run("youtube-live", "broadcasts", "list", "--status", "upcoming")
        #expect(upcoming.status == 0)
        #expect(
            upcoming.standardOutput.contains("upcoming") || upcoming.standardOutput.contains("ready")
                || upcoming.standardOutput.contains("created"))
    }

    @Test("create, transition and chat tail")
    func createTransitionAndTailChat() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.chatPollingIntervalMillis = 100
        configuration.youTubeTransitionDuration = .zero
        let fixture = try ToolFixture(configuration: configuration)
        _ = try await fixture.login("youtube-live")

        let create = try await fixture.run("youtube-live", "broadcasts", "create", "--title", "Launch party", "--json")
        #expect(create.status == 0, "\(create.standardError)")
        let created = try JSONSerialization.jsonObject(with: Data(create.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)

        let streams = try await fixture.run("youtube-live", "streams", "list", "--json")
        #expect(streams.status == 0, "\(streams.standardError)")
        let streamList = try JSONSerialization.jsonObject(with: Data(streams.standardOutput.utf8)) as? [[String: Any]]
        let streamID = try #require(streamList?.first?["id"] as? String)
        let bind = try await fixture.run("youtube-live", "broadcasts", "bind", "--stream", streamID, "--", id)
        #expect(bind.status == 0, "\(bind.standardError)")

        let badTransition = try await fixture.run("youtube-live", "broadcasts", "transition", "--to", "sideways", "--", id)
        #expect(badTransition.status == 2)
        let testing = try await fixture.run("youtube-live", "broadcasts", "transition", "--to", "testing", "--", id)
        #expect(testing.status == 0, "\(testing.standardError)")
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "testing")

        let chatID = try #require(fixture.emulator.liveChatID(ofBroadcast: id))
        _ = fixture.emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "hello from the chat")
        let tail = try await fixture.run("youtube-live", "chat", "tail", "--max-polls", "2", "--", id)
        #expect(tail.status == 0, "\(tail.standardError)")
        #expect(tail.standardOutput.contains("Ada: hello from the chat"))
    }

    @Test("chat tail ends by itself when the chat has ended")
    func chatTailEndsWithTheChat() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        let tail = try await fixture.run("youtube-live", "chat", "tail", GoogleEmulator.Seed.completedBroadcastID)
        #expect(tail.status == 0, "\(tail.standardError)")
        #expect(tail.standardOutput.contains("Question 1"))
        #expect(tail.standardError.contains("The chat has ended."))
    }

    @Test("revoked authorization exits with 3")
    func revokedExitsWithThree() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("youtube-live")
        fixture.emulator.oauth.revokeAll()
        fixture.emulator.oauth.expireAccessTokens()
        let list = try await fixture.run("youtube-live", "streams", "list")
        #expect(list.status == 3)
        #expect(list.standardError.contains("youtube-live login"))
    }
}
