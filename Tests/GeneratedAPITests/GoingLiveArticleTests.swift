import Foundation
import GoogleEmulator
import GoogleYouTube
import TestSupport
import Testing

// MARK: - The "Going live" article

/// Runs the Swift snippets of GoogleYouTube.docc/GoingLive.md, verbatim, against the emulator,
/// and checks that every snippet of the article appears here (so none can drift from code that compiles).
@Suite struct GoingLiveArticleTests {
    static let articleURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/GoogleYouTube/GoogleYouTube.docc/GoingLive.md")

    @Test func theArticleRunsAgainstTheEmulator() async throws {
        var emulatorConfiguration = GoogleEmulator.Configuration()
        emulatorConfiguration.youTubeTransitionDuration = .milliseconds(100)
        emulatorConfiguration.chatPollingIntervalMillis = 100
        let emulator = try GoogleEmulator.start(configuration: emulatorConfiguration)
        defer { emulator.stop() }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let ledgerFile = scratch.file("quota.json")
        let tokens = emulator.oauth.issueTokens(scopes: [YouTube.Scope.youtube])
        let tokenStore = InMemoryTokenStore(
            OAuthTokens(
                accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh,
                scopes: [YouTube.Scope.youtube]))
        let oauthClient = OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: OAuthEmulator.Client.testDesktopClient.id, clientSecret: OAuthEmulator.Client.testDesktopClient.secret,
                endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))

        // Count quota before it runs out
        let ledger = GoogleQuotaLedger(
            fileURL: ledgerFile, dailyBudget: YouTubeQuotaCost.defaultDailyBudget, reserve: 200,
            pricing: YouTubeQuotaCost.ledgerPricing)
        var configuration = AuthorizedSession.Configuration()
        configuration.quotaLedger = ledger
        configuration.apiRootURL = emulator.rootURL  // test-only: the emulator
        let session = AuthorizedSession(credentials: tokenStore, refresher: oauthClient, configuration: configuration)
        let youtube = YouTube(session: session)

        // Create the broadcast and the stream
        let broadcast = try await youtube.liveBroadcasts.insert(
            part: [.id, .snippet, .status, .contentDetails],
            body: YouTube.LiveBroadcast(
                contentDetails: YouTube.LiveBroadcastContentDetails(
                    monitorStream: YouTube.MonitorStreamInfo(enableMonitorStream: true)),
                snippet: YouTube.LiveBroadcastSnippet(scheduledStartTime: Date().addingTimeInterval(600), title: "Launch"),
                status: YouTube.LiveBroadcastStatus(privacyStatus: .unlisted)))
        let stream = try await youtube.liveStreams.insert(
            part: [.id, .snippet, .cdn],
            body: YouTube.LiveStream(
                cdn: YouTube.CdnSettings(frameRate: ._30fps, ingestionType: .rtmp, resolution: ._1080p),
                snippet: YouTube.LiveStreamSnippet(title: "Main camera")))
        let broadcastID = broadcast.id ?? ""
        let streamKey = stream.cdn?.ingestionInfo?.streamName ?? ""  // what the encoder is given
        _ = try await youtube.liveBroadcasts.bind(id: broadcastID, part: [.id, .status], streamId: stream.id)

        // Start the encoder
        emulator.startEncoder(streamKey: streamKey)

        // Go live
        let lifecycle = YouTubeBroadcastLifecycle(youtube: youtube)
        try await lifecycle.goLive(broadcast: broadcastID, deadline: .seconds(300)) { step in
            print(step)  // "waiting for the encoder: stream is ready", "transitioning to testing", …
        }
        #expect(emulator.broadcastLifeCycleStatus(broadcastID) == "live")

        // Read the chat within budget (the chat gets a message, then ends once it has been read)
        let chat = try #require(broadcast.snippet?.liveChatId)
        emulator.postChatMessage(liveChatID: chat, authorName: "Ada", text: "we're live!")
        let ender = Task {
            _ = await waitUntil(.seconds(60)) { emulator.recordedRequests.contains { $0.path == "/youtube/v3/liveChat/messages" } }
            emulator.endChat(liveChatID: chat)
        }
        let left = try await ledger.status().remaining
        let pace = LiveChatMessageStream.interval(forBudget: left, lasting: .seconds(4 * 3600))
        let chatID = broadcast.snippet?.liveChatId ?? ""
        for try await message in youtube.liveChatMessages.messages(liveChatId: chatID, minimumInterval: pace) {
            print(message.snippet?.displayMessage ?? "")
        }
        await ender.value
        // 9,800 units (10,000 less the reserve, less what was spent) over 4 hours, 5 units a poll.
        #expect(pace > .seconds(7) && pace < .seconds(8))

        // End
        try await lifecycle.end(broadcast: broadcastID)
        #expect(emulator.broadcastLifeCycleStatus(broadcastID) == "complete")
        #expect(try await ledger.status().spent == emulator.youTubeQuotaSpent)
    }

    @Test func everySnippetOfTheArticleIsInThisTest() throws {
        let article = try String(contentsOf: Self.articleURL, encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // Lines marked test-only (pointing the session at the emulator) are not the article's.
        let sourceLines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasSuffix("// test-only: the emulator") }
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        #expect(blocks.count == 6)
        for block in blocks {
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let found = sourceLines.indices.contains { start in
                start + lines.count <= sourceLines.count && Array(sourceLines[start..<start + lines.count]) == lines
            }
            #expect(found, "snippet not run by this test:\n\(block)")
        }
    }
}
