import Foundation
import GoogleAuth
import Synchronization
import TestSupport
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

    /// `SystemBrowserOpener` starts its commands with Foundation's `Process`, whose `run()` in
    /// Swift 6.3.1 over-reads while scanning `/proc/self/fd` and can crash a process with many
    /// descriptors open (swift-corelibs-foundation #5472) — as this test process has, with the
    /// sockets of the tests running in parallel. So the launches happen in a child process of
    /// their own (an exit test), with few descriptors.
    @Test("A working command is used; when nothing works the URL is printed")
    func launching() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let url = URL(string: "http://127.0.0.1:9/o/oauth2/v2/auth?a=1&b=2")!
                let root = try makeTemporaryDirectory()
                defer { try? FileManager.default.removeItem(at: root) }
                let marker = root.appendingPathComponent("opened")
                let output = Mutex<[String]>([])
                let working = SystemBrowserOpener(
                    environment: ["BROWSER": "/nonexistent/browser:/usr/bin/touch \(marker.path)", "PATH": "/nonexistent"],
                    output: { line in output.withLock { $0.append(line) } })
                try await working.open(url)
                try LaunchCheck.require(FileManager.default.fileExists(atPath: marker.path), "the working command did not run")

                let printed = Mutex<[String]>([])
                let nothing = SystemBrowserOpener(
                    environment: ["BROWSER": "/nonexistent/browser:/bin/false", "PATH": "/nonexistent"],
                    output: { line in printed.withLock { $0.append(line) } })
                try await nothing.open(url)
                let lines = printed.withLock { $0 }
                try LaunchCheck.require(lines.count == 1, "printed \(lines)")
                try LaunchCheck.require(lines.first?.contains(url.absoluteString) == true, "printed \(lines)")
                try LaunchCheck.require(lines.first?.contains("Open this URL") == true, "printed \(lines)")
            }
        }
    }
}

/// Fails the child process of an exit test (and so the test) with a message.
private struct LaunchCheck: Error, CustomStringConvertible {
    var description: String

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(LaunchCheck) {
        guard condition else { throw LaunchCheck(description: message()) }
    }
}
