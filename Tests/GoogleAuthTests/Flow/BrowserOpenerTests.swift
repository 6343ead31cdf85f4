import Foundation
import GoogleAuth
import Synchronization
import Testing

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
        #expect(FileManager.default.fileExists(atPath: marker.path))

        let printed = Mutex<[String]>([])
        let nothing = SystemBrowserOpener(
            environment: ["BROWSER": "/nonexistent/browser:/bin/false", "PATH": "/nonexistent"],
            output: { line in printed.withLock { $0.append(line) } })
        try await nothing.open(url)
        let lines = printed.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.contains(url.absoluteString) == true)
        #expect(lines.first?.contains("Open this URL") == true)
    }
}
