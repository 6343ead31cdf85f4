import Foundation
import GoogleEmulator
import TestSupport
import Testing

/// `google-api-emulator`'s controls on standard input: the simulated encoder and the quota.
@Suite("google-api-emulator controls")
struct EmulatorControlToolTests {
    @Test("encoder and quota controls answer, stop ends it")
    func controls() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = ToolProcess.productsDirectory.appendingPathComponent("google-api-emulator")
        // A here-document is the emulator's standard input (`exec` hands it the shell's), as if typed.
        let script = """
            exec "$0" --port 0 --no-seed --youtube-quota 7 --client-secret-file "$1" <<'CONTROLS'
            encoder start no-such-key
            encoder health no-such-key purple
            quota
            quota reset
            sideways
            stop
            CONTROLS
            """
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, emulator.path, directory.appendingPathComponent("client.json").path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("no stream has the key no-such-key"))
        #expect(lines.contains("usage: encoder health STREAM_KEY good|ok|bad"))
        #expect(lines.contains("quota: 0 units spent of 7"))
        #expect(lines.contains("quota reset"))
        #expect(lines.contains { $0.hasPrefix("unknown control 'sideways'") })
        // Stopped by the control, not by ChildProcess's watchdog.
        #expect(lines.suffix(2) == ["stopping", "google-api-emulator stopped"])
    }

    @Test("chat, token and changes-token controls answer, and a posted message is in the chat")
    func chatTokenAndChangesControls() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let emulator = ToolProcess.productsDirectory.appendingPathComponent("google-api-emulator")
        let broadcast = GoogleEmulator.Seed.liveBroadcastID
        let chat = GoogleEmulator.Seed.liveChatID
        let script = """
            exec "$0" --port 0 --client-secret-file "$1" <<'CONTROLS'
            chat post \(broadcast) Ann hello from the command line
            chat post \(chat) Bob second one
            chat post no-such-chat Ann hi
            chat post \(chat) Ann
            tokens expire
            tokens revoke
            tokens sideways
            changes expire
            chat end \(broadcast)
            chat post \(chat) Ann too late
            stop
            CONTROLS
            """
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", script, emulator.path, directory.appendingPathComponent("client.json").path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("chat message ") }.count == 2, "\(lines)")
        #expect(lines.filter { $0 == "no open live chat no-such-chat" }.count == 1)
        #expect(lines.contains("usage: chat post CHAT AUTHOR TEXT... | chat end CHAT"))
        #expect(lines.contains("access tokens expired"))
        #expect(lines.contains("tokens revoked"))
        #expect(lines.contains("usage: tokens expire|revoke"))
        #expect(lines.contains("changes page tokens expired"))
        #expect(lines.contains("chat \(chat) ended"))
        #expect(lines.contains("no open live chat \(chat)"), "an ended chat takes no more messages")
        #expect(lines.suffix(2) == ["stopping", "google-api-emulator stopped"])
    }
}
