import Foundation
import GoogleEmulator
import GoogleYouTube
import Testing

// MARK: - Typed YouTube parts

/// `part: [.snippet, .status]` against the emulator: the generated members send the wire names,
/// the answer holds those parts only, and the string form still sends the same request.
@Suite struct YouTubePartTests {
    @Test func typedPartsSelectThePartsOfTheResource() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtubeReadonly])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)

        let typed = try await youtube.liveBroadcasts.list(part: [.id, .snippet], mine: true)
        let strings = try await youtube.liveBroadcasts.list(part: ["id", "snippet"], mine: true)
        let broadcasts = try #require(typed.items)
        #expect(!broadcasts.isEmpty && typed.items == strings.items)
        #expect(broadcasts.allSatisfy { $0.id != nil && $0.snippet != nil && $0.status == nil && $0.contentDetails == nil })

        let status = try await youtube.liveBroadcasts.list(part: [.status], id: [GoogleEmulator.Seed.liveBroadcastID])
        #expect(status.items?.first?.status != nil && status.items?.first?.snippet == nil)

        // Each resource has its own parts: a stream's `cdn`, a chat message's `authorDetails`.
        let streams = try await youtube.liveStreams.list(part: [.id, .cdn], mine: true)
        #expect(streams.items?.contains { $0.id == GoogleEmulator.Seed.streamID && $0.cdn != nil && $0.snippet == nil } == true)

        let queries = backend.emulator.recordedRequests.filter { $0.path.hasSuffix("/liveBroadcasts") }.map { $0.query ?? "" }
        #expect(queries.count == 3 && queries[0] == queries[1], "typed and string parts send the same request")
        #expect(queries[2].contains("part=status"))
    }

    @Test func partsRenderTheirWireNames() {
        let parts: [GoogleResourcePart<YouTube.LiveBroadcast>] = [.id, .snippet, .contentDetails, .status]
        #expect(parts.map(\.apiParameterString) == ["id", "snippet", "contentDetails", "status"])
        #expect(GoogleResourcePart<YouTube.LiveBroadcast>("statistics") == .statistics)
        #expect(parts.map(\.description).joined(separator: ",") == "id,snippet,contentDetails,status")
    }
}
