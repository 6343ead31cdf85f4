import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct LiveBroadcastTests {
    typealias Seed = GoogleEmulator.Seed

    @Test func listByStatusWithPartsAndPaging() async throws {
        let harness = try EmulatorHarness()
        func ids(_ query: String) async throws -> [String] {
            let response = try await harness.send(.get, "/youtube/v3/liveBroadcasts?\(query)")
            #expect(response.status == 200, "\(query): \(response.text)")
            #expect(response.json.string("kind") == "youtube#liveBroadcastListResponse")
            return response.json.array("items").compactMap { $0.string("id") }
        }
        #expect(try await ids("part=id&broadcastStatus=active") == [Seed.liveBroadcastID])
        #expect(try await ids("part=id&broadcastStatus=upcoming") == [Seed.createdBroadcastID, Seed.upcomingBroadcastID])
        #expect(try await ids("part=id&broadcastStatus=completed") == [Seed.completedBroadcastID])
        #expect(
            try await ids("part=id&id=\(Seed.completedBroadcastID),\(Seed.liveBroadcastID)") == [
                Seed.completedBroadcastID, Seed.liveBroadcastID,
            ])

        let page = try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=snippet&mine=true&maxResults=3")
        #expect(page.json.object("pageInfo")["totalResults"] as? Int == 4)
        #expect(page.json.object("pageInfo")["resultsPerPage"] as? Int == 3)
        let token = try #require(page.json.string("nextPageToken"))
        let second = try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=snippet&mine=true&maxResults=3&pageToken=\(token)")
        #expect(second.json.array("items").count == 1)
        #expect(second.json.string("nextPageToken") == nil)

        let item = page.json.array("items")[0]
        #expect(item.object("snippet").string("liveChatId") != nil)
        #expect(item["status"] == nil)
    }

    @Test func listValidation() async throws {
        let harness = try EmulatorHarness()
        let noPart = try await harness.send(.get, "/youtube/v3/liveBroadcasts?mine=true")
        #expect(noPart.status == 400)
        #expect(noPart.errorReason == "required")
        #expect(try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=id").status == 400)
        #expect(try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=bogus&mine=true").status == 400)
        #expect(try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=id&broadcastStatus=nope").status == 400)
        #expect(try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=id&mine=true&maxResults=51").status == 400)
        #expect(try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=id&mine=true&pageToken=zzz").status == 400)
        let readOnly = harness.emulator.issueAccessToken(scopes: ["https://www.googleapis.com/auth/youtube.readonly"])
        let listed = try await harness.send(
            .get, "/youtube/v3/liveBroadcasts?part=id&mine=true", headers: ["Authorization": "Bearer \(readOnly)"])
        #expect(listed.status == 200)
        let insert = try await harness.send(
            .post, "/youtube/v3/liveBroadcasts?part=id", headers: ["Authorization": "Bearer \(readOnly)"], body: .data(Data("{}".utf8)))
        #expect(insert.status == 403)
    }

    @Test func fullLifeCycle() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeTransitionDuration = .zero
        let harness = try EmulatorHarness(configuration: configuration)
        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet,status,contentDetails",
            json: [
                "snippet": ["title": "Test Show", "scheduledStartTime": "2030-05-01T18:00:00Z", "description": "d"],
                "status": ["privacyStatus": "private"],
                "contentDetails": ["enableAutoStart": false, "monitorStream": ["enableMonitorStream": true]],
            ])
        #expect(inserted.status == 200)
        let id = try #require(inserted.json.string("id"))
        #expect(inserted.json.object("status").string("lifeCycleStatus") == "created")
        #expect(inserted.json.object("snippet").string("scheduledStartTime") == "2030-05-01T18:00:00.000Z")
        #expect(inserted.json.object("contentDetails").object("monitorStream")["enableMonitorStream"] as? Bool == true)

        func transition(_ status: String) async throws -> GoogleHTTPResponse {
            try await harness.send(.post, "/youtube/v3/liveBroadcasts/transition?broadcastStatus=\(status)&id=\(id)&part=status,snippet")
        }
        // No stream bound yet: going to testing is invalid.
        let early = try await transition("testing")
        #expect(early.status == 403)
        #expect(early.errorReason == "invalidTransition")

        let stream = try await harness.sendJSON(
            .post, "/youtube/v3/liveStreams?part=snippet,cdn,status",
            json: [
                "snippet": ["title": "Cam"], "cdn": ["ingestionType": "rtmp", "resolution": "720p", "frameRate": "30fps"],
            ])
        let streamID = try #require(stream.json.string("id"))
        #expect(stream.json.object("cdn").object("ingestionInfo").string("streamName") != nil)

        let bound = try await harness.send(
            .post, "/youtube/v3/liveBroadcasts/bind?id=\(id)&part=contentDetails,status&streamId=\(streamID)")
        #expect(bound.json.object("contentDetails").string("boundStreamId") == streamID)
        #expect(bound.json.object("status").string("lifeCycleStatus") == "ready")

        #expect(try await transition("complete").errorReason == "invalidTransition")
        // No encoder sends yet: YouTube refuses with errorStreamInactive, and nothing changes.
        #expect(try await transition("testing").errorReason == "errorStreamInactive")
        #expect(harness.emulator.broadcastLifeCycleStatus(id) == "ready")
        let key = try #require(harness.emulator.streamKey(ofStream: streamID))
        #expect(harness.emulator.startEncoder(streamKey: key))
        #expect(harness.emulator.streamStatus(streamID) == "active")
        // The answer shows the intermediate state; with a zero duration the next read is past it.
        #expect(try await transition("testing").json.object("status").string("lifeCycleStatus") == "testStarting")
        #expect(harness.emulator.broadcastLifeCycleStatus(id) == "testing")
        #expect(try await transition("testing").errorReason == "redundantTransition")
        #expect(try await transition("live").json.object("status").string("lifeCycleStatus") == "liveStarting")
        let live = try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=status,snippet&id=\(id)").json.array("items")[0]
        #expect(live.object("status").string("lifeCycleStatus") == "live")
        #expect(live.object("status").string("recordingStatus") == "recording")
        #expect(live.object("snippet").string("actualStartTime") != nil)
        let done = try await transition("complete")
        #expect(done.json.object("status").string("lifeCycleStatus") == "complete")
        #expect(done.json.object("snippet").string("actualEndTime") != nil)
        #expect(try await transition("live").errorReason == "invalidTransition")
        #expect(harness.emulator.broadcastLifeCycleStatus(id) == "complete")

        #expect(try await harness.send(.delete, "/youtube/v3/liveBroadcasts?id=\(id)").status == 204)
        #expect(try await harness.send(.delete, "/youtube/v3/liveBroadcasts?id=\(id)").errorReason == "liveBroadcastNotFound")
    }

    @Test func insertValidation() async throws {
        let harness = try EmulatorHarness()
        let noTitle = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet",
            json: [
                "snippet": ["scheduledStartTime": "2030-01-01T00:00:00Z"], "status": ["privacyStatus": "public"],
            ])
        #expect(noTitle.status == 400)
        #expect(noTitle.errorReason == "titleRequired")
        let noStart = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet",
            json: [
                "snippet": ["title": "x"], "status": ["privacyStatus": "public"],
            ])
        #expect(noStart.status == 400)
        #expect(noStart.errorReason == "scheduledStartTimeRequired")
        let noPrivacy = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet",
            json: [
                "snippet": ["title": "x", "scheduledStartTime": "2030-01-01T00:00:00Z"]
            ])
        #expect(noPrivacy.errorReason == "privacyStatusRequired")
        let streamWithoutCDN = try await harness.sendJSON(.post, "/youtube/v3/liveStreams?part=snippet", json: ["snippet": ["title": "x"]])
        #expect(streamWithoutCDN.errorReason == "cdnRequired")
        let streamWithoutResolution = try await harness.sendJSON(
            .post, "/youtube/v3/liveStreams?part=snippet",
            json: [
                "snippet": ["title": "x"], "cdn": ["ingestionType": "rtmp", "frameRate": "30fps"],
            ])
        #expect(streamWithoutResolution.errorReason == "resolutionRequired")
        let badTime = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=snippet",
            json: [
                "snippet": ["title": "x", "scheduledStartTime": "tomorrow"], "status": ["privacyStatus": "public"],
            ])
        #expect(badTime.errorReason == "invalidScheduledStartTime")
        let bind = try await harness.send(.post, "/youtube/v3/liveBroadcasts/bind?id=\(Seed.createdBroadcastID)&part=id&streamId=nope")
        #expect(bind.errorReason == "liveStreamNotFound")
    }
}

@Suite struct YouTubeRepeatedParameterTests {
    @Test func partAndIDMayBeRepeated() async throws {
        let harness = try EmulatorHarness()
        let id1 = GoogleEmulator.Seed.liveBroadcastID
        let id2 = GoogleEmulator.Seed.upcomingBroadcastID
        let response = try await harness.send(.get, "/youtube/v3/liveBroadcasts?part=snippet&part=status&id=\(id1)&id=\(id2)")
        #expect(response.status == 200)
        let items = response.json.array("items")
        #expect(items.compactMap { $0.string("id") } == [id1, id2])
        #expect(items.allSatisfy { $0["snippet"] != nil && $0["status"] != nil && $0["contentDetails"] == nil })
    }
}
