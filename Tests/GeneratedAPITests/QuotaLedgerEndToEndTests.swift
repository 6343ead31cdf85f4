import Foundation
import GoogleEmulator
import GoogleYouTube
import Synchronization
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
        #expect(error?.method == "youtube.liveBroadcasts.list")
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
        // The server's refusal is the same typed error as the ledger's own.
        let server = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true)
        }
        #expect(server?.reportedByServer == true)
        #expect(server?.method == "youtube.liveBroadcasts.list")
        #expect(server?.unitsNeeded == 5)
        #expect(server?.unitsLeft == 0)
        #expect(fixture.sent == 3, "quotaExceeded is not retried")
        let local = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"])
        }
        #expect(local?.reportedByServer == true)
        #expect(fixture.sent == 3, "nothing more was sent")
        #expect(try await fixture.ledger.status().exhausted)
    }

    @Test func withoutALedgerTheServersQuotaExceededIsTheSameTypedError() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeDailyQuota = 5
        let entries = Mutex<[RequestLogEntry]>([])
        var session = AuthorizedSession.Configuration()
        session.logRequests { entry in entries.withLock { $0.append(entry) } }
        let backend = try EmulatorBackend(
            scopes: [YouTube.Scope.youtube], configuration: configuration, sessionConfiguration: session)
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        _ = try await youtube.liveBroadcasts.list(part: ["id"], mine: true)
        let error = await #expect(throws: GoogleQuotaExceededError.self) {
            _ = try await youtube.liveBroadcasts.list(part: ["id"], mine: true)
        }
        #expect(error?.reportedByServer == true)
        #expect(error?.method == "youtube.liveBroadcasts.list")
        #expect(error?.unitsLeft == 0)
        // The request log names the method of every attempt.
        let logged = entries.withLock { $0 }.filter { $0.kind == .request }
        #expect(logged.count == 2)
        #expect(logged.allSatisfy { $0.methodID == "youtube.liveBroadcasts.list" })
        #expect(logged.first?.description.hasPrefix("youtube.liveBroadcasts.list: GET ") == true)
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
            ("youtube.liveBroadcasts.list", { _ = try await fixture.youtube.liveBroadcasts.list(part: ["id"], mine: true) }),
            ("youtube.liveStreams.list", { _ = try await fixture.youtube.liveStreams.list(part: ["id"], mine: true) }),
            ("youtube.liveChatMessages.list", { _ = try await fixture.youtube.liveChatMessages.list(liveChatId: chat, part: ["id"]) }),
            ("youtube.videos.list", { _ = try await fixture.youtube.videos.list(part: ["id"], id: ["x"]) }),
            (
                "youtube.liveBroadcasts.transition",
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
            #expect(YouTubeQuotaCost.units(of: method) != nil, "\(method) is a method ID the table knows")
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
        let units = try #require(YouTubeQuotaCost.units(of: "youtube.youtube.v3.liveChat.messages.stream"))
        #expect(try await fixture.ledger.status().spent == 2 * units)
        #expect(try await fixture.ledger.status().spent == emulator.youTubeQuotaSpent)
    }
}

@Suite struct YouTubeQuotaCostTests {
    @Test func everyDiscoveryMethodHasACostWithItsSource() throws {
        #expect(YouTubeQuotaCost.units(of: "youtube.search.list") == 100)
        #expect(YouTubeQuotaCost.cost(of: "youtube.search.list")?.source == .published)
        #expect(YouTube.LiveBroadcastsResource.transitionQuotaCost.units == 50)
        #expect(YouTube.SearchResource.listQuotaCost.source == .published)
        #expect(YouTubeQuotaCost.units(of: "youtube.videos.insert") == 1600)
        #expect(YouTubeQuotaCost.units(of: "youtube.captions.insert") == 400)
        #expect(YouTubeQuotaCost.units(of: "youtube.liveBroadcasts.insert") == 50)
        #expect(YouTubeQuotaCost.cost(of: "youtube.liveChatMessages.list")?.source == .estimated)
        #expect(YouTubeQuotaCost.cost(of: "youtube.thirdPartyLinks.list")?.source == .unpublished)
        #expect(YouTubeQuotaCost.all.count == 83)
        #expect(YouTubeQuotaCost.all.keys.allSatisfy { $0.hasPrefix("youtube.") })
    }

    @Test func anUnknownMethodIDHasNoCost() {
        // The table is keyed by Discovery method IDs: a name without the API's prefix, a typo or
        // another API's method is unknown, never a quiet 1 unit.
        #expect(YouTubeQuotaCost.units(of: "liveBroadcasts.insert") == nil)
        #expect(YouTubeQuotaCost.units(of: "youtube.liveBroadcasts.insrt") == nil)
        #expect(YouTubeQuotaCost.cost(of: "drive.files.list") == nil)
        #expect(YouTubeQuotaCost.ledgerPricing.price(ofMethod: "drive.files.list") == nil)
        #expect(YouTubeQuotaCost.ledgerPricing.price(ofMethod: "youtube.videos.list") == .init(method: "youtube.videos.list", units: 1))
    }

    @Test func everyGeneratedCallCarriesItsMethodID() throws {
        let session = AuthorizedSession(apiKey: APIKey("key"))
        let youtube = YouTube(session: session)
        #expect(youtube.liveBroadcasts.listCall(.init(part: ["id"])).call.methodID == "youtube.liveBroadcasts.list")
    }
}
