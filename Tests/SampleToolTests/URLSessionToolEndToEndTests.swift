import Foundation
import GoogleEmulator
import Testing

// MARK: - URLSessionToolEndToEndTests

/// The tools' own end-to-end paths with `GOOGLE_API_TRANSPORT=urlsession`, so that
/// `URLSessionTransport` (the default on Apple platforms, FoundationNetworking's here) carries a
/// real sign-in, a refresh, an upload and a download, and YouTube's lifecycle calls, not only the
/// transport conformance suite. The whole tool suite also runs this way with the variable set
/// for the test process (`GOOGLE_API_TRANSPORT=urlsession swift test --filter SampleToolTests`).
@Suite("the tools end to end over URLSessionTransport")
struct URLSessionToolEndToEndTests {
    static func run(_ fixture: ToolFixture, _ tool: String, _ arguments: String...) async throws -> ToolProcess.Result {
        var environment = fixture.environment
        environment["GOOGLE_API_TRANSPORT"] = "urlsession"
        return try await ToolProcess.run(tool, arguments, environment: environment)
    }

    @Test("drive: login, a 3 MB upload and its download byte-identical, an expired token refreshed")
    func drive() async throws {
        let fixture = try ToolFixture()
        let login = try await Self.run(fixture, "drive", "login", "--verbose")
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardError.split(separator: "\n").first == "» transport: urlsession", "\(login.standardError)")
        #expect(fixture.emulator.oauth.tokenRequestCount == 1)

        let source = fixture.directory.appendingPathComponent("payload.bin")
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(3 * 1024 * 1024 / 8 + 16)).map { _ in generator.next() as UInt64 }
        let payload = words.withUnsafeBytes { Data($0.prefix(3 * 1024 * 1024 + 123)) }
        try payload.write(to: source)
        let upload = try await Self.run(fixture, "drive", "files", "upload", source.path, "--name", "payload.bin", "--json")
        #expect(upload.status == 0, "\(upload.standardError)")
        let created = try JSONSerialization.jsonObject(with: Data(upload.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)
        #expect(fixture.emulator.driveFileContent(id) == payload)

        let destination = fixture.directory.appendingPathComponent("downloaded.bin")
        let download = try await Self.run(fixture, "drive", "files", "download", "--output", destination.path, "--", id)
        #expect(download.status == 0, "\(download.standardError)")
        #expect(try Data(contentsOf: destination) == payload)

        fixture.emulator.oauth.expireAccessTokens()
        let refreshesBefore = fixture.emulator.oauth.refreshRequestCount
        let list = try await Self.run(fixture, "drive", "files", "list", "--max", "3")
        #expect(list.status == 0, "\(list.standardError)")
        #expect(fixture.emulator.oauth.refreshRequestCount == refreshesBefore + 1)
    }

    @Test("youtube-live: login, create and bind a broadcast, transition it, tail its chat")
    func youTubeLive() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.chatPollingIntervalMillis = 100
        configuration.youTubeTransitionDuration = .zero
        let fixture = try ToolFixture(configuration: configuration)
        let login = try await Self.run(fixture, "youtube-live", "login")
        #expect(login.status == 0, "\(login.standardError)")

        let create = try await Self.run(fixture, "youtube-live", "broadcasts", "create", "--title", "Launch party", "--json", "--verbose")
        #expect(create.status == 0, "\(create.standardError)")
        #expect(create.standardError.split(separator: "\n").first == "» transport: urlsession", "\(create.standardError)")
        let created = try JSONSerialization.jsonObject(with: Data(create.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)
        let streams = try await Self.run(fixture, "youtube-live", "streams", "list", "--json")
        let streamList = try JSONSerialization.jsonObject(with: Data(streams.standardOutput.utf8)) as? [[String: Any]]
        let streamID = try #require(streamList?.first?["id"] as? String)
        let bind = try await Self.run(fixture, "youtube-live", "broadcasts", "bind", "--stream", streamID, "--", id)
        #expect(bind.status == 0, "\(bind.standardError)")
        let testing = try await Self.run(fixture, "youtube-live", "broadcasts", "transition", "--to", "testing", "--", id)
        #expect(testing.status == 0, "\(testing.standardError)")
        #expect(fixture.emulator.broadcastLifeCycleStatus(id) == "testing")

        let chatID = try #require(fixture.emulator.liveChatID(ofBroadcast: id))
        _ = fixture.emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "hello over URLSession")
        let tail = try await Self.run(fixture, "youtube-live", "chat", "tail", "--max-polls", "2", "--", id)
        #expect(tail.status == 0, "\(tail.standardError)")
        #expect(tail.standardOutput.contains("Ada: hello over URLSession"))
    }
}
