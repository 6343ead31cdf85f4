import Foundation
import GoogleEmulator
import Testing

/// Server-supplied strings cannot drive the terminal; `--json` stays exact (issue 10, point 6).
@Suite("Sample tools escape control characters from the server")
struct TerminalSafetyToolTests {
    /// A title-setting OSC, BEL, a screen clear, an 8-bit CSI and a bidi override.
    static let hostile = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{202E}txt.exe"

    private static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x202E
        }
    }

    @Test("files list (table) escapes a hostile file name; --json keeps it exact")
    func driveTable() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        try fixture.emulator.addDriveFile(name: Self.hostile, content: Data("x".utf8))

        let table = try await fixture.run("drive", "files", "list", "--query", "name contains 'evil'")
        #expect(table.status == 0, "\(table.standardError)")
        #expect(!Self.hasControls(table.standardOutput), "\(table.standardOutput.debugDescription)")
        #expect(table.standardOutput.contains("evil\\u{1B}]0;pwned"))

        let json = try await fixture.run("drive", "files", "list", "--query", "name contains 'evil'", "--json")
        #expect(json.status == 0, "\(json.standardError)")
        let files = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(files?.first?["name"] as? String == Self.hostile)
    }

    @Test("files get (text) escapes the name; an error message quoting a hostile ID is escaped")
    func driveGetAndErrors() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let id = try fixture.emulator.addDriveFile(name: Self.hostile, content: Data("x".utf8))
        let get = try await fixture.run("drive", "files", "get", "--", id)
        #expect(get.status == 0, "\(get.standardError)")
        #expect(!Self.hasControls(get.standardOutput), "\(get.standardOutput.debugDescription)")

        let missing = try await fixture.run("drive", "files", "get", "nope\u{1B}[2J\u{07}")
        #expect(missing.status == 1)
        #expect(!Self.hasControls(missing.standardError), "\(missing.standardError.debugDescription)")
    }

    @Test("chat tail escapes hostile author names and messages; --json keeps them exact")
    func chatTail() async throws {
        var configuration = GoogleEmulator.Configuration()
        configuration.chatPollingIntervalMillis = 100
        let fixture = try ToolFixture(configuration: configuration)
        _ = try await fixture.login("youtube-live")
        let chatID = GoogleEmulator.Seed.liveChatID
        _ = fixture.emulator.postChatMessage(liveChatID: chatID, authorName: "Mallory\u{1B}[1A", text: Self.hostile)

        let tail = try await fixture.run("youtube-live", "chat", "tail", GoogleEmulator.Seed.liveBroadcastID, "--max-polls", "1")
        #expect(tail.status == 0, "\(tail.standardError)")
        #expect(tail.standardOutput.contains("evil\\u{1B}]0;pwned"))
        #expect(!Self.hasControls(tail.standardOutput), "\(tail.standardOutput.debugDescription)")

        let json = try await fixture.run(
            "youtube-live", "chat", "tail", GoogleEmulator.Seed.liveBroadcastID, "--max-polls", "1", "--json")
        #expect(json.status == 0, "\(json.standardError)")
        // One pretty-printed object per message: join them into an array to parse.
        let array = "[" + json.standardOutput.replacingOccurrences(of: "}\n{", with: "},\n{") + "]"
        let messages = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [[String: Any]])
        let texts = messages.compactMap { ($0["snippet"] as? [String: Any])?["displayMessage"] as? String }
        #expect(texts.contains(Self.hostile), "\(json.standardOutput.suffix(600))")
    }
}
