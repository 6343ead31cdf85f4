import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// The emulator's liveBroadcasts.transition as YouTube runs it: the encoder decides whether the
/// stream is active, intermediate states last the configured time, and the error reasons match.
@Suite struct BroadcastTransitionTests {
    /// A new broadcast bound to a new stream; returns their IDs and the stream key.
    static func boundBroadcast(_ harness: EmulatorHarness, monitorStream: Bool) async throws -> (
        broadcast: String, stream: String, key: String
    ) {
        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveBroadcasts?part=id,contentDetails",
            json: [
                "snippet": ["title": "Show", "scheduledStartTime": "2030-05-01T18:00:00Z"],
                "status": ["privacyStatus": "private"],
                "contentDetails": ["monitorStream": ["enableMonitorStream": monitorStream]],
            ])
        let broadcast = try #require(inserted.json.string("id"), "\(inserted.text)")
        let created = try await harness.sendJSON(
            .post, "/youtube/v3/liveStreams?part=id,cdn",
            json: [
                "snippet": ["title": "Cam"], "cdn": ["ingestionType": "rtmp", "resolution": "720p", "frameRate": "30fps"],
            ])
        let stream = try #require(created.json.string("id"), "\(created.text)")
        let key = try #require(created.json.object("cdn").object("ingestionInfo").string("streamName"))
        let bound = try await harness.send(.post, "/youtube/v3/liveBroadcasts/bind?id=\(broadcast)&part=id&streamId=\(stream)")
        #expect(bound.status == 200)
        return (broadcast, stream, key)
    }

    static func transition(_ harness: EmulatorHarness, _ id: String, to status: String) async throws -> GoogleHTTPResponse {
        try await harness.send(.post, "/youtube/v3/liveBroadcasts/transition?broadcastStatus=\(status)&id=\(id)&part=status")
    }

    @Test func intermediateStatesLastTheConfiguredTime() async throws {
        var configuration = GoogleEmulator.Configuration()
        // Far longer than the test: the intermediate state is observed, not raced.
        configuration.youTubeTransitionDuration = .seconds(600)
        let harness = try EmulatorHarness(configuration: configuration)
        let (id, _, key) = try await Self.boundBroadcast(harness, monitorStream: false)
        harness.emulator.startEncoder(streamKey: key)

        // Monitor stream off: testing is not a step YouTube allows.
        #expect(try await Self.transition(harness, id, to: "testing").errorReason == "invalidTransition")
        let starting = try await Self.transition(harness, id, to: "live")
        #expect(starting.json.object("status").string("lifeCycleStatus") == "liveStarting")
        #expect(harness.emulator.broadcastLifeCycleStatus(id) == "liveStarting")
        // Asking again while on the way is redundant; anything else is invalid.
        #expect(try await Self.transition(harness, id, to: "live").errorReason == "redundantTransition")
        #expect(try await Self.transition(harness, id, to: "complete").errorReason == "invalidTransition")
    }

    @Test func monitorStreamOnNeedsTestingFirst() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeTransitionDuration = .zero
        let harness = try EmulatorHarness(configuration: configuration)
        let (id, _, key) = try await Self.boundBroadcast(harness, monitorStream: true)
        harness.emulator.startEncoder(streamKey: key)
        let direct = try await Self.transition(harness, id, to: "live")
        #expect(direct.status == 403)
        #expect(direct.errorReason == "invalidTransition")
        #expect(try await Self.transition(harness, id, to: "testing").status == 200)
        #expect(try await Self.transition(harness, id, to: "live").status == 200)
        #expect(harness.emulator.broadcastLifeCycleStatus(id) == "live")
    }

    @Test func streamIsActiveOnlyWhileTheEncoderSends() async throws {
        let harness = try EmulatorHarness()
        let (id, stream, key) = try await Self.boundBroadcast(harness, monitorStream: true)
        func status() async throws -> [String: Any] {
            try await harness.send(.get, "/youtube/v3/liveStreams?part=status&id=\(stream)").json.array("items").first?.object("status")
                ?? [:]
        }
        #expect(try await status().string("streamStatus") == "ready")
        #expect(try await status().object("healthStatus").string("status") == "noData")
        let inactive = try await Self.transition(harness, id, to: "testing")
        #expect(inactive.errorReason == "errorStreamInactive")
        #expect(inactive.json.object("error").string("message") == "Stream is inactive")

        #expect(harness.emulator.startEncoder(streamKey: key))
        #expect(try await status().string("streamStatus") == "active")
        #expect(try await status().object("healthStatus").string("status") == "good")
        #expect(harness.emulator.setEncoderHealth(.bad, streamKey: key))
        let bad = try await status().object("healthStatus")
        #expect(bad.string("status") == "bad")
        #expect(bad.array("configurationIssues").first?.string("severity") == "error")
        #expect(harness.emulator.stopEncoder(streamKey: key))
        #expect(try await status().string("streamStatus") == "inactive")
        #expect(!harness.emulator.startEncoder(streamKey: "no-such-key"))
    }
}

@Suite struct YouTubeQuotaEnforcementTests {
    @Test func requestsPastTheBudgetGetQuotaExceededUntilTheReset() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeDailyQuota = 12
        let harness = try EmulatorHarness(configuration: configuration)
        let list = "/youtube/v3/liveBroadcasts?part=id&mine=true"
        // liveBroadcasts.list costs 5 units: two fit in 12, the third does not.
        #expect(try await harness.send(.get, list).status == 200)
        #expect(try await harness.send(.get, list).status == 200)
        #expect(harness.emulator.youTubeQuotaSpent == 10)
        let refused = try await harness.send(.get, list)
        #expect(refused.status == 403)
        #expect(refused.errorReason == "quotaExceeded")
        let error = refused.json.object("error")
        #expect(error["code"] as? Int == 403)
        #expect(error.array("errors").first?.string("domain") == "youtube.quota")
        #expect(error.string("message")?.hasPrefix("The request cannot be completed because you have exceeded your") == true)
        #expect(harness.emulator.youTubeQuotaSpent == 10)
        // A videos.list (1 unit) still fits.
        #expect(try await harness.send(.get, "/youtube/v3/videos?part=id&id=x").status == 200)
        #expect(harness.emulator.youTubeQuotaSpent == 11)

        harness.emulator.resetYouTubeQuota()
        #expect(harness.emulator.youTubeQuotaSpent == 0)
        #expect(try await harness.send(.get, list).status == 200)
    }
}
