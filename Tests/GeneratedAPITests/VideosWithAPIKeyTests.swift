import Foundation
import GoogleEmulator
import GoogleYouTube
import Synchronization
import Testing

/// Public YouTube reads with an API key: the generated videos.list through the real transport.
@Suite struct VideosWithAPIKeyTests {
    typealias Seed = GoogleEmulator.Seed

    @Test func videosListWithAKeyShowsTheLiveDetailsAndNeverPutsTheKeyInAURL() async throws {
        let queries = Recorder()
        let emulator = try GoogleEmulator.start(configuration: .init(requestObserver: { queries.append($0.query ?? "") }))
        defer { emulator.stop() }
        let youtube = YouTube(session: AuthorizedSession(apiKey: APIKey(GoogleEmulator.testAPIKey)), rootURL: emulator.rootURL)
        let page = try await youtube.videos.list(part: ["snippet", "liveStreamingDetails"], id: [Seed.liveBroadcastID])
        let video = try #require(page.items?.first)
        #expect(video.snippet?.title == "Live Coding Session")
        #expect(video.snippet?.liveBroadcastContent == .live)
        #expect(video.liveStreamingDetails?.activeLiveChatId == Seed.liveChatID)
        #expect((video.liveStreamingDetails?.concurrentViewers ?? 0) >= 1)
        #expect(!queries.values.isEmpty)
        #expect(queries.values.allSatisfy { !$0.contains(GoogleEmulator.testAPIKey) && !$0.contains("key=") })
        #expect(emulator.oauth.tokenRequestCount == 0)
    }

    @Test func aWrongKeyIsA400AndOAuthOnlyMethodsA401() async throws {
        let emulator = try GoogleEmulator.start()
        defer { emulator.stop() }
        let wrong = YouTube(session: AuthorizedSession(apiKey: APIKey("AIza-not-accepted")), rootURL: emulator.rootURL)
        await #expect { _ = try await wrong.videos.list(part: ["id"], id: [Seed.liveBroadcastID]) } throws: { error in
            (error as? GoogleAPIError)?.status == 400 && !"\(error)".contains("AIza-not-accepted")
        }
        let keyed = YouTube(session: AuthorizedSession(apiKey: APIKey(GoogleEmulator.testAPIKey)), rootURL: emulator.rootURL)
        await #expect { _ = try await keyed.liveBroadcasts.list(part: ["id"], mine: true) } throws: { error in
            (error as? GoogleAPIError)?.status == 401
        }
        #expect(emulator.oauth.tokenRequestCount == 0)
    }
}

/// Collects strings from the emulator's server tasks.
final class Recorder: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ value: String) { storage.withLock { $0.append(value) } }
    var values: [String] { storage.withLock { $0 } }
}
