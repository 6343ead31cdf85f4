import Foundation
import GoogleEmulator
import GoogleYouTube
import Testing

// MARK: - Quota ledger end to end

/// A session with a `GoogleQuotaLedger` against the emulator's quota, through the real transport.
@Suite struct QuotaLedgerEndToEndTests {
    struct Fixture {
        let backend: EmulatorBackend
        let youtube: YouTube
        let ledger: GoogleQuotaLedger
        let directory: URL

        init(budget: Int, emulatorQuota: Int? = nil) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("quota-e2e-\(UUID().uuidString)")
            ledger = GoogleQuotaLedger(
                fileURL: directory.appendingPathComponent("quota.json"), dailyBudget: budget, pricing: YouTubeQuotaCost.ledgerPricing)
            var configuration = GoogleEmulator.Configuration()
            configuration.youTubeDailyQuota = emulatorQuota
            var session = AuthorizedSession.Configuration()
            session.quotaLedger = ledger
            // Waits are not the subject: keep retries quick.
            session.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))
            backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube], configuration: configuration, sessionConfiguration: session)
            youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        }

        var sent: Int { backend.emulator.recordedRequests.filter { $0.path.hasPrefix("/youtube/") }.count }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func aCallOverBudgetIsRefusedWithoutBeingSent() async throws {
        let fixture = try Fixture(budget: 7)
        defer { fixture.remove() }
        _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)  // 5 units
        #expect(fixture.sent == 1)
        let error = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)
        }
        #expect(error?.method == "liveBroadcasts.list")
        #expect(error?.unitsNeeded == 5)
        #expect(error?.unitsLeft == 2)
        #expect(fixture.sent == 1, "the refused call never reached the server")
        // The ledger and the server counted the same units.
        #expect(try await fixture.ledger.status().spent == fixture.backend.emulator.youTubeQuotaSpent)
        // A cheaper call still fits: videos.list costs 1.
        _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"])
        #expect(try await fixture.ledger.status().spent == 6)
    }

    @Test func aServerQuotaExceededStopsFurtherSends() async throws {
        // The server's budget is smaller than the ledger's (another app spent the rest).
        let fixture = try Fixture(budget: 10_000, emulatorQuota: 10)
        defer { fixture.remove() }
        _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)
        _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)
        let server = await #expect(throws: GoogleAPIError.self) {
            _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)
        }
        #expect(server?.hasReason("quotaExceeded") == true)
        #expect(fixture.sent == 3, "quotaExceeded is not retried")
        let local = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"])
        }
        #expect(local?.reportedByServer == true)
        #expect(fixture.sent == 3, "nothing more was sent")
        #expect(try await fixture.ledger.status().exhausted)
    }

    @Test func rateLimitExceededIsStillRetried() async throws {
        let fixture = try Fixture(budget: 10_000)
        defer { fixture.remove() }
        fixture.backend.emulator.faults.enqueue(try FaultSpecification.parse("429@/youtube/v3/videos*1"))
        _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"])
        #expect(fixture.sent == 2)
        // Each attempt costs quota on YouTube, so each was charged.
        #expect(try await fixture.ledger.status().spent == 2)
        #expect(try await fixture.ledger.status().exhausted == false)
    }

    @Test func theEmulatorChargesWhatTheTableSays() async throws {
        let fixture = try Fixture(budget: 10_000)
        defer { fixture.remove() }
        let emulator = fixture.backend.emulator
        let chat = GoogleEmulator.Seed.liveChatID
        let calls: [(String, () async throws -> Void)] = [
            ("liveBroadcasts.list", { _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true) }),
            ("liveStreams.list", { _ = try await fixture.youtube.liveStreams.list(part: ["id"], mine: true) }),
            ("liveChatMessages.list", { _ = try await fixture.youtube.liveChatMessages.list(liveChatId: chat, part: ["id"]) }),
            ("videos.list", { _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"]) }),
            (
                "liveBroadcasts.transition",
                {
                    _ = try? await fixture.youtube.liveBroadcasts.transition(
                        broadcastStatus: .testing, id: GoogleEmulator.Seed.createdBroadcastID, part: ["id"])
                }
            ),
        ]
        for (method, call) in calls {
            let before = emulator.youTubeQuotaSpent
            try await call()
            #expect(emulator.youTubeQuotaSpent - before == YouTubeQuotaCost.units(of: method), "\(method)")
        }
        #expect(try await fixture.ledger.status().spent == emulator.youTubeQuotaSpent)
    }

    @Test func everyStreamConnectionIsCounted() async throws {
        let fixture = try Fixture(budget: 10_000)
        defer { fixture.remove() }
        let emulator = fixture.backend.emulator
        let chat = GoogleEmulator.Seed.liveChatID
        let history = try #require(emulator.chatMessageCount(liveChatID: chat))
        func connections() -> Int { emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveChat/messages/stream" }.count }
        var count = 0
        for try await message in fixture.youtube.liveChatMessages.streamedMessages(liveChatId: chat) {
            count += 1
            if count == history {
                // The open stream is cut mid-element; the sequence reconnects for the next message.
                emulator.dropChatStreams()
                emulator.postChatMessage(liveChatID: chat, authorName: "Ada", text: "after the drop")
            }
            if message.snippet?.displayMessage == "after the drop" { break }
        }
        #expect(connections() == 2)
        // One chat read per connection, the reconnection included.
        #expect(try await fixture.ledger.status().spent == 2 * YouTubeQuotaCost.units(of: "youtube.v3.liveChat.messages.stream"))
        #expect(try await fixture.ledger.status().spent == emulator.youTubeQuotaSpent)
    }
}

@Suite struct YouTubeQuotaCostTests {
    @Test func everyDiscoveryMethodHasACostWithItsSource() throws {
        #expect(YouTubeQuotaCost.units(of: "search.list") == 100)
        #expect(YouTubeQuotaCost.cost(of: "search.list")?.source == .published)
        #expect(YouTube.LiveBroadcastsResource.transitionQuotaCost.units == 50)
        #expect(YouTube.SearchResource.listQuotaCost.source == .published)
        #expect(YouTubeQuotaCost.units(of: "videos.insert") == 1600)
        #expect(YouTubeQuotaCost.units(of: "captions.insert") == 400)
        #expect(YouTubeQuotaCost.cost(of: "liveChatMessages.list")?.source == .estimated)
        #expect(YouTubeQuotaCost.cost(of: "thirdPartyLinks.list")?.source == .unpublished)
        #expect(YouTubeQuotaCost.all.count == 83)
        #expect(YouTubeQuotaCost.cost(httpMethod: "POST", path: "/upload/youtube/v3/videos")?.method == "videos.insert")
        #expect(YouTubeQuotaCost.cost(httpMethod: "GET", path: "/youtube/v3/captions/abc")?.method == "captions.download")
        #expect(YouTubeQuotaCost.cost(httpMethod: "GET", path: "/drive/v3/files") == nil)
    }
}
