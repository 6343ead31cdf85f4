import Foundation
import GoogleAuth
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("System browser opener")
struct BrowserOpenerTests {
    let url = URL(string: "http://127.0.0.1:9/o/oauth2/v2/auth?a=1&b=2")!

    @Test("$BROWSER is split on colons; %s is substituted, otherwise the URL is appended")
    func commands() {
        let opener = SystemBrowserOpener(environment: ["BROWSER": "firefox --new-window %s:lynx::w3m '%s' 100%%"])
        let commands = opener.commands(for: url)
        #expect(commands.count == 4)
        #expect(commands[0] == ["firefox", "--new-window", url.absoluteString])
        #expect(commands[1] == ["lynx", url.absoluteString])
        #expect(commands[2] == ["w3m", "'\(url.absoluteString)'", "100%"])
        #if os(macOS)
        #expect(commands[3] == ["open", url.absoluteString])
        #else
        #expect(commands[3] == ["xdg-open", url.absoluteString])
        #endif
    }

    @Test("A working command is used; when nothing works the URL is printed")
    func launching() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let marker = root.appendingPathComponent("opened")
        let output = Mutex<[String]>([])
        let working = SystemBrowserOpener(
            environment: ["BROWSER": "/nonexistent/browser:/usr/bin/touch \(marker.path)", "PATH": "/nonexistent"],
            output: { line in output.withLock { $0.append(line) } })
        try await working.open(url)
        // On a busy machine `touch` may still be running when the opener stops watching it (a
        // command still running counts as a browser that started): wait for its effect.
        #expect(await waitUntil { FileManager.default.fileExists(atPath: marker.path) })

        let printed = Mutex<[String]>([])
        let nothing = SystemBrowserOpener(
            environment: ["BROWSER": "/nonexistent/browser:/bin/false", "PATH": "/nonexistent"],
            output: { line in printed.withLock { $0.append(line) } })
        try await nothing.open(url)
        // `/bin/false` starts (said at once), then fails; no other command exists: the URL is printed.
        let lines = printed.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines.first?.contains("opened") == true)
        #expect(lines.last?.contains(url.absoluteString) == true)
        #expect(lines.last?.contains("Open this URL") == true)
    }

    #if os(Linux)
    @Test("The browser inherits none of the app's descriptors, even ones not marked close-on-exec, nor its blocked signals")
    func browserInheritsNoDescriptors() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        // A descriptor an app might hold without O_CLOEXEC (a socket from a C library, say).
        let leaky = open(root.appendingPathComponent("held").path, O_WRONLY | O_CREAT, 0o600)
        try #require(leaky > 2)
        defer { _ = close(leaky) }
        let report = root.appendingPathComponent("report")
        let script = root.appendingPathComponent("browser.sh")
        // `$$` is the shell the opener started; its descriptor table is what the browser got.
        // Only builtins: a shell blocks signals around fork, so a child (sed) reading the shell's
        // status could see that temporary mask instead of the one the shell started with.
        try """
        #!/bin/sh
        if [ -e /proc/$$/fd/\(leaky) ]; then echo inherited > "\(report.path)"; else echo closed > "\(report.path)"; fi
        echo "$1" >> "\(report.path)"
        while read -r key value; do
            if [ "$key" = "SigBlk:" ]; then echo "$value" >> "\(report.path)"; fi
        done < /proc/$$/status
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let opener = SystemBrowserOpener(environment: ["BROWSER": script.path], output: { _ in })
        try await opener.open(url)
        // The opener returns once the script has run for a few seconds or exited; on a busy
        // machine it may not have written all three lines yet.
        let written = await waitUntil {
            ((try? String(contentsOf: report, encoding: .utf8))?.split(separator: "\n").count ?? 0) >= 3
        }
        try #require(written)
        let lines = try String(contentsOf: report, encoding: .utf8).split(separator: "\n").map(String.init)
        // No signal blocked in the browser (the opener runs on a pool thread, which blocks most).
        #expect(lines == ["closed", url.absoluteString, "0000000000000000"])
    }
    #endif
}
