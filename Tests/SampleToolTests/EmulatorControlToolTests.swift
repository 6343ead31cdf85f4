import Foundation
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
}
