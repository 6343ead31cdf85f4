import Foundation
import GoogleEmulator
@testable import GoogleYouTube
import Testing

@Test func debugDumpRaw() async throws {
    let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube])
    let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
    let call = youtube.liveBroadcasts.makeListCall(part: ["id", "snippet"], broadcastStatus: nil, broadcastType: nil, id: nil, maxResults: nil, mine: true, onBehalfOfContentOwner: nil, onBehalfOfContentOwnerChannel: nil, pageToken: nil)
    let raw = try await youtube.client.execute(call, as: JSONValue.self)
    print("RAW", String(decoding: try JSONEncoder().encode(raw), as: UTF8.self).prefix(1500))
    let chat = youtube.liveChatMessages.makeListCall(liveChatId: GoogleEmulator.Seed.liveChatID, part: ["id", "snippet"], hl: nil, maxResults: 2, pageToken: nil, profileImageSize: nil)
    let raw2 = try await youtube.client.execute(chat, as: JSONValue.self)
    print("RAW2", String(decoding: try JSONEncoder().encode(raw2), as: UTF8.self).prefix(1500))
}
