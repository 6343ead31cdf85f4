import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// videos.list and the API-key checks of methods callable with a key.
@Suite struct VideoListTests {
    typealias Seed = GoogleEmulator.Seed

    @Test func liveVideoWithAnAPIKeyHasItsLiveStreamingDetails() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(
            .get, "/youtube/v3/videos?part=snippet,liveStreamingDetails&id=\(Seed.liveBroadcastID)",
            headers: ["x-goog-api-key": GoogleEmulator.testAPIKey], authorized: false)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json.string("kind") == "youtube#videoListResponse")
        let video = try #require(response.json.array("items").first)
        #expect(video.string("id") == Seed.liveBroadcastID)
        #expect(video.object("snippet").string("title") == "Live Coding Session")
        #expect(video.object("snippet").string("liveBroadcastContent") == "live")
        let details = video.object("liveStreamingDetails")
        #expect(details.string("activeLiveChatId") == Seed.liveChatID)
        #expect(Int(details.string("concurrentViewers") ?? "") ?? 0 >= 1)
        #expect(video["status"] == nil)
    }

    @Test func completedVideoHasNoActiveChatAndNoViewers() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.get, "/youtube/v3/videos?part=snippet,liveStreamingDetails&id=\(Seed.completedBroadcastID)")
        let video = try #require(response.json.array("items").first)
        #expect(video.object("snippet").string("liveBroadcastContent") == "none")
        #expect(video.object("liveStreamingDetails").string("activeLiveChatId") == nil)
        #expect(video.object("liveStreamingDetails").string("concurrentViewers") == nil)
        #expect(video.object("liveStreamingDetails").string("actualEndTime") != nil)
    }

    @Test func keyInTheQueryIsAcceptedToo() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(
            .get, "/youtube/v3/videos?part=id&id=\(Seed.upcomingBroadcastID)&key=\(GoogleEmulator.testAPIKey)", authorized: false)
        #expect(response.status == 200)
        #expect(response.json.array("items").map { $0.string("id") } == [Seed.upcomingBroadcastID])
    }

    @Test func wrongKeyIs400AndNoCredentialsAt403() async throws {
        let harness = try EmulatorHarness()
        let wrong = try await harness.send(
            .get, "/youtube/v3/videos?part=id&id=\(Seed.liveBroadcastID)", headers: ["x-goog-api-key": "AIza-wrong"], authorized: false)
        #expect(wrong.status == 400)
        #expect(wrong.text.contains("API key not valid"))
        #expect(!wrong.text.contains("AIza-wrong"))
        let missing = try await harness.send(.get, "/youtube/v3/videos?part=id&id=\(Seed.liveBroadcastID)", authorized: false)
        #expect(missing.status == 403)
        #expect(missing.errorReason == "forbidden")
    }

    @Test func oauthOnlyMethodsRefuseAKey() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(
            .get, "/youtube/v3/liveBroadcasts?part=id&mine=true", headers: ["x-goog-api-key": GoogleEmulator.testAPIKey],
            authorized: false)
        #expect(response.status == 401)
    }

    @Test func anonymousCallersDoNotSeePrivateVideos() async throws {
        let harness = try EmulatorHarness()
        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet,status",
            json: [
                "snippet": ["title": "Private one", "scheduledStartTime": "2030-01-01T00:00:00Z"], "status": ["privacyStatus": "private"],
            ])
        #expect(inserted.status == 200, "\(inserted.text)")
        let id = try #require(inserted.json.string("id"))
        let anonymous = try await harness.send(
            .get, "/youtube/v3/videos?part=id&id=\(id)", headers: ["x-goog-api-key": GoogleEmulator.testAPIKey], authorized: false)
        #expect(anonymous.json.array("items").isEmpty)
        let owner = try await harness.send(.get, "/youtube/v3/videos?part=id,status&id=\(id)")
        #expect(owner.json.array("items").first?.object("status").string("privacyStatus") == "private")
    }

    @Test func missingFilterAndUnknownPartAre400() async throws {
        let harness = try EmulatorHarness()
        #expect(try await harness.send(.get, "/youtube/v3/videos?part=id").status == 400)
        #expect(try await harness.send(.get, "/youtube/v3/videos?part=nope&id=\(Seed.liveBroadcastID)").status == 400)
    }
}
