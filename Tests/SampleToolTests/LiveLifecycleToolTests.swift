import Foundation
import GoogleEmulator
import TestSupport
import Testing

// MARK: - go-live, end, streams health, quota

/// `youtube-live go-live`, `end`, `streams health`, `quota` and the quota budget, run as
/// separate processes against the emulator (their ledger beside the fixture's token store).
@Suite("youtube-live lifecycle and quota commands")
struct LiveLifecycleToolTests {
    static let streamKey = "abcd-efgh-ijkl-mnop"  // the seed stream's

    /// A signed-in fixture with a new broadcast (monitor stream on) bound to the seed stream,
    /// whose encoder is stopped.
    static func prepared(transition: Duration = .milliseconds(200)) async throws -> (ToolFixture, String) {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeTransitionDuration = transition
        configuration.chatPollingIntervalMillis = 100
        let fixture = try ToolFixture(configuration: configuration)
        _ = try await fixture.login("youtube-live")
        #expect(fixture.emulator.stopEncoder(streamKey: streamKey))
        let create = try await fixture.run("youtube-live", "broadcasts", "create", "--title", "Show", "--json")
        let created = try JSONSerialization.jsonObject(with: Data(create.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String, "\(create.standardError)")
        let bind = try await fixture.run("youtube-live", "broadcasts", "bind", "--stream", GoogleEmulator.Seed.streamID, "--", id)
        #expect(bind.status == 0, "\(bind.standardError)")
        return (fixture, id)
    }

    static func transitions(_ fixture: ToolFixture) -> [RecordedRequest] {
        fixture.emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveBroadcasts/transition" }
    }

    @Test("go-live waits for the encoder, prints each step and exits 0 once live; end completes")
    func goLiveWaitsThenSucceeds() async throws {
        let (fixture, id) = try await Self.prepared()
        fixture.emulator.clearRecordedRequests()
        let tool = try ChildProcess.start(
            ToolProcess.productsDirectory.appendingPathComponent("youtube-live"),
            ["go-live", "--wait", "2m", "--poll-interval", "0.05", "--", id], environment: fixture.environment)
        // The encoder starts only once the tool has looked at the stream.
        let looked = await waitUntil(.seconds(120)) {
            fixture.emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveStreams" } || tool.hasExited
        }
        #expect(looked)
        fixture.emulator.startEncoder(streamKey: Self.streamKey)
        let result = await tool.finish()
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for line in [
            "monitor stream on", "waiting for the encoder: stream is inactive", "stream is active",
            "transitioning to testing", "broadcast is testing", "transitioning to live", "is live.",
        ] {
            #expect(output.contains(line), "\(line) in \(output)")
        }
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "live")

        let end = try await fixture.run("youtube-live", "end", "--", id)
        #expect(end.status == 0, "\(end.standardError)")
        #expect(end.standardOutput.contains("is complete."))
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "complete")
    }

    @Test("go-live without an encoder exits non-zero naming the state, having transitioned nothing")
    func goLiveTimesOut() async throws {
        let (fixture, id) = try await Self.prepared()
        let result = try await fixture.run("youtube-live", "go-live", "--wait", "1s", "--poll-interval", "0.1", "--", id)
        #expect(result.status == 1)
        #expect(result.standardError.contains("broadcast left ready"), "\(result.standardError)")
        #expect(result.standardError.contains("Start the encoder"))
        #expect(Self.transitions(fixture).isEmpty)
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "ready")

        let bad = try await fixture.run("youtube-live", "go-live", "--wait", "soon", "--", id)
        #expect(bad.status == 2)
        let end = try await fixture.run("youtube-live", "end", "--", id)
        #expect(end.status == 1)
        #expect(end.standardError.contains("invalidTransition") || end.standardError.contains("refused the transition"))
    }

    @Test("a transition answered 500: read back, taken as done when it was, sent again when not; else the state read back is named")
    func transitionsAnswered500() async throws {
        let (fixture, id) = try await Self.prepared()
        let path = "/youtube/v3/liveBroadcasts/transition"
        fixture.emulator.startEncoder(streamKey: Self.streamKey)
        fixture.emulator.clearRecordedRequests()
        // YouTube made it and answered 500: done, not sent again.
        fixture.emulator.faults.enqueue(.statusAfterHandling(500), matching: path, method: .post)
        let testing = try await fixture.run("youtube-live", "broadcasts", "transition", "--to", "testing", "--", id)
        #expect(testing.status == 0, "\(testing.standardError)")
        #expect(Self.transitions(fixture).map(\.status) == [500])
        #expect(await waitUntil(.seconds(60)) { fixture.emulator.broadcastLifeCycleStatus(id) == "testing" })

        // YouTube did not make it: sent again, live.
        fixture.emulator.faults.enqueue(.status(500), matching: path, method: .post)
        let live = try await fixture.run("youtube-live", "go-live", "--poll-interval", "0.05", "--", id)
        #expect(live.status == 0, "\(live.standardError)")
        #expect(Self.transitions(fixture).map(\.status) == [500, 500, 200])
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "live")

        // YouTube keeps failing: bounded, and the error says where the broadcast is and what to run.
        fixture.emulator.faults.enqueue(.status(503), matching: path, method: .post, count: 100)
        let end = try await fixture.run("youtube-live", "end", "--poll-interval", "0.05", "--", id)
        #expect(end.status == 1)
        #expect(end.standardError.contains("read back it is live"), "\(end.standardError)")
        #expect(end.standardError.contains("broadcast left live"))
        #expect(end.standardError.contains("youtube-live end \(id)"))
        #expect(Self.transitions(fixture).count == 3 + 3)
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "live")
    }

    @Test("streams health prints status and health, and --watch follows changes")
    func streamsHealth() async throws {
        let (fixture, _) = try await Self.prepared()
        let idle = try await fixture.run("youtube-live", "streams", "health", GoogleEmulator.Seed.streamID)
        #expect(idle.status == 0, "\(idle.standardError)")
        #expect(idle.standardOutput.contains("inactive, health noData"))
        fixture.emulator.startEncoder(streamKey: Self.streamKey)
        fixture.emulator.setEncoderHealth(.bad, streamKey: Self.streamKey)
        let watched = try await fixture.run(
            "youtube-live", "streams", "health", GoogleEmulator.Seed.streamID, "--watch", "--interval", "0.05", "--max-updates", "1",
            "--json")
        #expect(watched.status == 0, "\(watched.standardError)")
        let reading = try JSONSerialization.jsonObject(with: Data(watched.standardOutput.utf8)) as? [String: Any]
        #expect(reading?["health"] as? String == "bad")
        #expect((reading?["issues"] as? [[String: Any]])?.first?["severity"] as? String == "error")
        let missing = try await fixture.run("youtube-live", "streams", "health", "nope")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("not found"))
    }

    @Test("quota shows what the ledger counted; a budget refusal exits non-zero naming units and reset")
    func quotaAndRefusal() async throws {
        let (fixture, _) = try await Self.prepared()
        let quota = try await fixture.run("youtube-live", "quota", "--json")
        #expect(quota.status == 0, "\(quota.standardError)")
        let report = try JSONSerialization.jsonObject(with: Data(quota.standardOutput.utf8)) as? [String: Any]
        // broadcasts create (50) and bind (50): what the emulator charged, counted by the tool's ledger.
        #expect(report?["spent"] as? Int == fixture.emulator.youTubeQuotaSpent)
        #expect(report?["spent"] as? Int == 100)
        #expect(report?["budget"] as? Int == 10_000)
        // Counted for the OAuth client's project (its client ID names the record).
        let secret = try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.clientSecretFile)) as? [String: Any]
        let clientID = ((secret?["installed"] ?? secret?["web"]) as? [String: Any])?["client_id"] as? String
        #expect(report?["project"] as? String == clientID)
        #expect(clientID != nil)
        #expect(report?["resetsAt"] as? String != nil)
        let ledger = fixture.tokenStore.deletingLastPathComponent().appendingPathComponent("quota.json")
        let mode = try FileManager.default.attributesOfItem(atPath: ledger.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let sent = fixture.emulator.recordedRequests.count
        let refused = try await fixture.run("youtube-live", "broadcasts", "list", "--quota-budget", "103")
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("needs 5 units, 3 left"), "\(refused.standardError)")
        #expect(refused.standardError.contains("resets at"))
        #expect(fixture.emulator.recordedRequests.count == sent, "nothing was sent")

        var environment = fixture.environment
        environment["YOUTUBE_QUOTA_BUDGET"] = "104"
        environment["YOUTUBE_QUOTA_STORE"] = fixture.directory.appendingPathComponent("other-quota.json").path
        let elsewhere = try await ToolProcess.run("youtube-live", ["quota"], environment: environment)
        #expect(elsewhere.standardOutput.contains("0 of 104 units spent, 104 left"), "\(elsewhere.standardOutput)")
    }

    @Test("two processes polling one chat share the ledger without losing an update")
    func twoProcessesShareTheLedger() async throws {
        let (fixture, id) = try await Self.prepared()
        let executable = ToolProcess.productsDirectory.appendingPathComponent("youtube-live")
        let first = try ChildProcess.start(executable, ["chat", "tail", "--max-polls", "12", "--", id], environment: fixture.environment)
        let second = try ChildProcess.start(executable, ["chat", "tail", "--max-polls", "12", "--", id], environment: fixture.environment)
        let results = [await first.finish(), await second.finish()]
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.standardError))")
        let quota = try await fixture.run("youtube-live", "quota", "--json")
        let report = try JSONSerialization.jsonObject(with: Data(quota.standardOutput.utf8)) as? [String: Any]
        // Each: one liveBroadcasts.list (5) and 12 liveChatMessages.list (5 each); plus create and bind (100).
        #expect(report?["spent"] as? Int == 100 + 2 * (5 + 12 * 5))
        #expect(report?["spent"] as? Int == fixture.emulator.youTubeQuotaSpent)
    }

    @Test("chat tail --budget-hours stretches polling to the budget")
    func chatTailBudgetHours() async throws {
        let (fixture, id) = try await Self.prepared()
        // 1,000,095 units left (create, bind and the chat lookup spent 105) over one hour: a poll
        // every 18 ms at most, so the server's 100 ms governs.
        let result = try await fixture.run(
            "youtube-live", "chat", "tail", "--budget-hours", "1", "--max-polls", "2", "--quota-budget", "1000200", "--", id)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("every 0.02 s so that 1000095 units last 1 hours"), "\(result.standardError)")
        let slow = try await fixture.run("youtube-live", "chat", "tail", "--budget-hours", "0", "--", id)
        #expect(slow.status == 2)
    }
}
