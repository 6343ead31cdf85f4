import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct LiveChatTests {
    typealias Seed = GoogleEmulator.Seed

    @Test func pagesAndPollsForNewMessages() async throws {
        let harness = try EmulatorHarness()
        let base = "/youtube/v3/liveChat/messages?liveChatId=\(Seed.liveChatID)&part=snippet,authorDetails"
        let first = try await harness.send(.get, base + "&maxResults=20")
        #expect(first.status == 200)
        #expect(first.json.string("kind") == "youtube#liveChatMessageListResponse")
        #expect(first.json.array("items").count == 20)
        #expect(first.json["pollingIntervalMillis"] as? Int == 2000)
        #expect(first.json["offlineAt"] == nil)
        let message = first.json.array("items")[0]
        #expect(message.object("snippet").string("type") == "textMessageEvent")
        #expect(message.object("snippet").object("textMessageDetails").string("messageText") == "Message 1 from the audience")
        #expect(message.object("authorDetails").string("displayName") == "Ada")

        let token = try #require(first.json.string("nextPageToken"))
        let second = try await harness.send(.get, base + "&maxResults=20&pageToken=\(token)")
        #expect(second.json.array("items").count == Seed.liveChatMessageCount - 20)
        let pollToken = try #require(second.json.string("nextPageToken"))

        // Nothing new yet, then a viewer and the owner post.
        #expect(try await harness.send(.get, base + "&pageToken=\(pollToken)").json.array("items").isEmpty)
        #expect(harness.emulator.postChatMessage(liveChatID: Seed.liveChatID, authorName: "Visitor", text: "hi!") != nil)
        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveChat/messages?part=snippet",
            json: [
                "snippet": ["liveChatId": Seed.liveChatID, "type": "textMessageEvent", "textMessageDetails": ["messageText": "welcome"]]
            ])
        #expect(inserted.status == 200)
        #expect(inserted.json.object("snippet").string("displayMessage") == "welcome")
        let fresh = try await harness.send(.get, base + "&pageToken=\(pollToken)")
        #expect(fresh.json.array("items").map { $0.object("snippet").string("displayMessage") ?? "" } == ["hi!", "welcome"])
        #expect(fresh.json.array("items")[1].object("authorDetails")["isChatOwner"] as? Bool == true)

        let messageID = try #require(inserted.json.string("id"))
        #expect(try await harness.send(.delete, "/youtube/v3/liveChat/messages?id=\(messageID)").status == 204)
        #expect(harness.emulator.chatMessageCount(liveChatID: Seed.liveChatID) == Seed.liveChatMessageCount + 1)
    }

    @Test func endedChatReportsOfflineAndRefusesMessages() async throws {
        let harness = try EmulatorHarness()
        let listed = try await harness.send(.get, "/youtube/v3/liveChat/messages?liveChatId=\(Seed.completedChatID)&part=snippet")
        #expect(listed.json["offlineAt"] as? String != nil)
        #expect(listed.json.array("items").count == 3)
        let insert = try await harness.sendJSON(
            .post, "/youtube/v3/liveChat/messages?part=snippet",
            json: [
                "snippet": ["liveChatId": Seed.completedChatID, "textMessageDetails": ["messageText": "late"]]
            ])
        #expect(insert.status == 403)
        #expect(insert.errorReason == "liveChatEnded")

        // Completing the live broadcast ends its chat too.
        let done = try await harness.send(
            .post, "/youtube/v3/liveBroadcasts/transition?broadcastStatus=complete&id=\(Seed.liveBroadcastID)&part=status")
        #expect(done.status == 200)
        let after = try await harness.send(.get, "/youtube/v3/liveChat/messages?liveChatId=\(Seed.liveChatID)&part=snippet")
        #expect(after.json["offlineAt"] as? String != nil)

        let missing = try await harness.send(.get, "/youtube/v3/liveChat/messages?liveChatId=nope&part=snippet")
        #expect(missing.status == 404)
        #expect(missing.errorReason == "liveChatNotFound")
    }

    @Test func moderatorsAndBans() async throws {
        let harness = try EmulatorHarness()
        let moderator = try await harness.sendJSON(
            .post, "/youtube/v3/liveChat/moderators?part=snippet",
            json: [
                "snippet": ["liveChatId": Seed.liveChatID, "moderatorDetails": ["channelId": "UCmod1"]]
            ])
        #expect(moderator.status == 200)
        #expect(moderator.json.string("kind") == "youtube#liveChatModerator")
        let duplicate = try await harness.sendJSON(
            .post, "/youtube/v3/liveChat/moderators?part=snippet",
            json: [
                "snippet": ["liveChatId": Seed.liveChatID, "moderatorDetails": ["channelId": "UCmod1"]]
            ])
        #expect(duplicate.status == 409)
        let listed = try await harness.send(.get, "/youtube/v3/liveChat/moderators?liveChatId=\(Seed.liveChatID)&part=snippet")
        #expect(listed.json.array("items").count == 1)
        let moderatorID = try #require(moderator.json.string("id"))
        #expect(try await harness.send(.delete, "/youtube/v3/liveChat/moderators?id=\(moderatorID)").status == 204)

        let ban = try await harness.sendJSON(
            .post, "/youtube/v3/liveChat/bans?part=snippet",
            json: [
                "snippet": [
                    "liveChatId": Seed.liveChatID, "type": "temporary", "banDurationSeconds": 60,
                    "bannedUserDetails": ["channelId": "UCtroll"],
                ]
            ])
        #expect(ban.status == 200)
        #expect(ban.json.object("snippet").string("banDurationSeconds") == "60")
        let banID = try #require(ban.json.string("id"))
        #expect(try await harness.send(.delete, "/youtube/v3/liveChat/bans?id=\(banID)").status == 204)
        #expect(try await harness.send(.delete, "/youtube/v3/liveChat/bans?id=\(banID)").status == 404)
    }
}
