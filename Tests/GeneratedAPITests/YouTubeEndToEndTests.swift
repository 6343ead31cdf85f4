import Foundation
import GoogleDrive
import GoogleEmulator
import GoogleYouTube
import Testing

// MARK: - YouTube Live end to end

/// Generated YouTube Live calls against the emulator through the real transport.
@Suite struct YouTubeEndToEndTests {
    @Test func listBroadcastsAndStreams() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let session = backend.session
        let youtube = YouTube(session: session, rootURL: backend.rootURL)

        let page = try await youtube.liveBroadcasts.list(part: ["id", "snippet"], mine: true)
        let broadcasts = try #require(page.items)
        #expect(!broadcasts.isEmpty)
        #expect(broadcasts.allSatisfy { $0.snippet?.title?.isEmpty == false })

        var all: [String] = []
        for try await broadcast in youtube.liveBroadcasts.listPages(.init(part: ["id"], maxResults: 2, mine: true)).items {
            all.append(broadcast.id ?? "")
        }
        #expect(all.contains(GoogleEmulator.Seed.liveBroadcastID))
        #expect(Set(all).count == all.count)

        let streams = try await youtube.liveStreams.list(part: ["id", "snippet", "cdn"], mine: true)
        #expect(streams.items?.contains { $0.id == GoogleEmulator.Seed.streamID } == true)
    }

    @Test func insertBindAndTransitionToLive() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.youTubeTransitionDuration = .zero
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube], configuration: configuration)
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)

        let inserted = try await youtube.liveBroadcasts.insert(
            part: ["snippet", "status", "contentDetails"],
            body: YouTube.LiveBroadcast(
                contentDetails: YouTube.LiveBroadcastContentDetails(monitorStream: YouTube.MonitorStreamInfo(enableMonitorStream: true)),
                snippet: YouTube.LiveBroadcastSnippet(scheduledStartTime: Date().addingTimeInterval(600), title: "Generated test"),
                status: YouTube.LiveBroadcastStatus(privacyStatus: .unlisted)
            )
        )
        let id = try #require(inserted.id)
        #expect(inserted.snippet?.title == "Generated test")
        #expect(inserted.status?.lifeCycleStatus == .created || inserted.status?.lifeCycleStatus == .ready)

        let bound = try await youtube.liveBroadcasts.bind(id: id, part: ["id", "contentDetails"], streamId: GoogleEmulator.Seed.streamID)
        #expect(bound.contentDetails?.boundStreamId == GoogleEmulator.Seed.streamID)

        let testing = try await youtube.liveBroadcasts.transition(broadcastStatus: .testing, id: id, part: ["status"])
        #expect(testing.status?.lifeCycleStatus == .testing || testing.status?.lifeCycleStatus == .testStarting)
        let live = try await youtube.liveBroadcasts.transition(broadcastStatus: .live, id: id, part: ["status"])
        #expect(live.status?.lifeCycleStatus == .live || live.status?.lifeCycleStatus == .liveStarting)
        #expect(backend.emulator.broadcastLifeCycleStatus(id) == "live")

        // An invalid transition comes back as a typed API error.
        let error = await #expect(throws: GoogleAPIError.self) {
            _ = try await youtube.liveBroadcasts.transition(broadcastStatus: .testing, id: id, part: ["status"])
        }
        #expect(error?.status == 403 || error?.status == 400)
    }

    @Test func chatMessagesListAndInsert() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let chatID = GoogleEmulator.Seed.liveChatID

        let page = try await youtube.liveChatMessages.list(liveChatId: chatID, part: ["id", "snippet", "authorDetails"])
        #expect((page.items?.count ?? 0) > 0)
        #expect(page.pollingIntervalMillis != nil)
        #expect(page.items?.first?.snippet?.publishedAt != nil, "google-datetime decodes to Date")
        let before = try #require(backend.emulator.chatMessageCount(liveChatID: chatID))

        let sent = try await youtube.liveChatMessages.insert(
            part: ["snippet"],
            body: YouTube.LiveChatMessage(
                snippet: YouTube.LiveChatMessageSnippet(
                    liveChatId: chatID,
                    textMessageDetails: YouTube.LiveChatTextMessageDetails(messageText: "hello from generated code"),
                    type: .textMessageEvent
                ))
        )
        #expect(sent.id != nil)
        #expect(sent.snippet?.textMessageDetails?.messageText == "hello from generated code")
        #expect(backend.emulator.chatMessageCount(liveChatID: chatID) == before + 1)
    }
}

// MARK: - The issue's call-site lines, verbatim

/// Compiled (not run: without `rootURL:` it would address Google itself) so the exact lines from
/// the issue keep type-checking; the tests above run the same calls with `rootURL:` added.
@Sendable func issueCallSiteExamples(session: AuthorizedSession) async throws -> Int {
    let youtube = YouTube(session: session)
    let page = try await youtube.liveBroadcasts.list(part: ["id", "snippet"], mine: true)
    let drive = Drive(session: session)
    var count = page.items?.count ?? 0
    for try await file in drive.files.listPages(.init(q: "trashed = false")).items { count += file.name == nil ? 0 : 1 }
    return count
}
