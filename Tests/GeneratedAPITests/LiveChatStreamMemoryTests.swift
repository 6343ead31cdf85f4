import Foundation
import GoogleYouTube
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - 100,000 chat messages in flat memory

/// A long chat through `streamedMessages`, in a child process of its own (an exit test), so the
/// resident-set growth measured is this stream's: a server in the same process writes 100,000
/// messages (about 60 MB of JSON) as one streamed array, generated as it goes.
@Suite("Live chat stream memory", .serialized)
struct LiveChatStreamMemoryTests {
    static let messages = 100_000
    /// Growth allowed over the whole chat: well under the bytes streamed (buffering them, or
    /// keeping decoded messages, would fail).
    static let maxGrowth: Int64 = 16 << 20

    @Test("100,000 messages stream in flat memory")
    func flatMemory() async {
        await ChildProcessGate.oneAtATime {
            let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
                let server = try LocalHTTPServer.start { request in
                    guard request.path == "/youtube/v3/liveChat/messages/stream" else { return .notFound }
                    return HTTPServerResponse(
                        status: 200, headers: ["Content-Type": "application/json"],
                        body: .stream(HTTPBodyStream(GeneratedChat(total: Self.messages))))
                }
                let credentials = OAuthTokens(
                    accessToken: "test-token", expiresAt: Date().addingTimeInterval(3600), refreshToken: nil, scopes: [])
                let session = AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: UnusedRefresher())
                let youtube = YouTube(session: session, rootURL: URL(string: server.baseURL.absoluteString + "/")!)
                var count = 0
                var probe: MemoryProbe?
                var lastText = ""
                for try await message in youtube.liveChatMessages.streamedMessages(liveChatId: "chat") {
                    count += 1
                    // Measured after the first thousand: connection, buffers and decoder are warm.
                    if count == 1_000 { probe = MemoryProbe() }
                    lastText = message.snippet?.displayMessage ?? ""
                }
                let growth = probe?.stop() ?? .max
                server.stop()
                FileHandle.standardError.write(Data("RSS growth over \(count) messages: \(growth >> 10) KiB\n".utf8))
                guard count == Self.messages, lastText == "message \(Self.messages)", growth < Self.maxGrowth else {
                    throw MemoryCheck(description: "\(count) messages, last '\(lastText)', RSS grew by \(growth >> 10) KiB")
                }
            }
            // The figure, for the log (README quotes it).
            if let result {
                print(
                    String(decoding: result.standardErrorContent, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("RSS") }
                        .joined())
            }
        }
    }
}

/// Fails the child process with a message.
struct MemoryCheck: Error, CustomStringConvertible {
    var description: String
}

/// A refresher the test never reaches (the token does not expire during it).
struct UnusedRefresher: TokenRefreshing {
    func refresh(refreshToken: String) async throws -> OAuthTokens {
        throw OAuthError.invalidGrant(description: "not used")
    }
}

/// A chat stream of `total` messages, one per element, 64 elements per body piece, generated on
/// demand; the last element carries `offlineAt`.
struct GeneratedChat: AsyncSequence, Sendable {
    typealias Element = Data
    let total: Int

    func makeAsyncIterator() -> Iterator { Iterator(total: total) }

    struct Iterator: AsyncIteratorProtocol {
        let total: Int
        var next = 1

        mutating func next() async throws -> Data? {
            guard next <= total + 1 else { return nil }
            var piece = Data()
            for _ in 0..<64 where next <= total {
                piece.append(contentsOf: ((next == 1 ? "[" : ",\r\n") + Self.element(next, last: next == total)).utf8)
                next += 1
            }
            if next > total {
                piece.append(contentsOf: "\r\n]".utf8)
                next += 1
            }
            return piece
        }

        static func element(_ n: Int, last: Bool) -> String {
            let offline = last ? #""offlineAt":"2026-11-26T12:00:00Z","# : ""
            return
                #"{"kind":"youtube#liveChatMessageListResponse","etag":"e\#(n)","nextPageToken":"t\#(n)",\#(offline)"items":[{"kind":"youtube#liveChatMessage","etag":"m\#(n)","id":"msg\#(n)","snippet":{"type":"textMessageEvent","liveChatId":"chat","authorChannelId":"UCviewer\#(n % 97)","publishedAt":"2026-11-26T12:00:00Z","hasDisplayContent":true,"displayMessage":"message \#(n)","textMessageDetails":{"messageText":"message \#(n)"}},"authorDetails":{"channelId":"UCviewer\#(n % 97)","channelUrl":"http://www.youtube.com/channel/UCviewer\#(n % 97)","displayName":"Viewer \#(n % 97)","profileImageUrl":"https://yt3.ggpht.com/a/default-user=s88","isVerified":false,"isChatOwner":false,"isChatSponsor":false,"isChatModerator":false}}]}"#
        }
    }
}
