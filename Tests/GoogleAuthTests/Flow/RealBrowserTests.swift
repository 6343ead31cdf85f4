import Foundation
import GoogleAuth
import GoogleBase
import GoogleEmulator
import GoogleHTTP
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

// MARK: - RealBrowserTests

/// What a real browser does that a scripted one does not: it keeps running after it opened the
/// page, keeps spare keep-alive connections open, and may load the redirect twice.
@Suite("Login with a browser that behaves like a real one")
struct RealBrowserTests {
    private struct Refused: Error {}

    @Test("the callback is read while the browser command is still running; the opener is then cancelled")
    func callbackIsReadWhileTheBrowserRuns() async throws {
        let harness = try EmulatorHarness()
        let transport = harness.transport
        let openerEnded = Atomic<Bool>(false)
        let browser = ClosureBrowserOpener { url in
            let consent = try await transport.send(GoogleHTTPRequest(url: url))
            let target = try #require(consent.headers["Location"].flatMap { URL(string: $0) })
            _ = try await transport.send(GoogleHTTPRequest(url: target))
            // A browser started fresh stays running; only cancellation ends this one.
            defer { openerEnded.store(true, ordering: .relaxed) }
            try await Task.sleep(for: .seconds(900))
        }
        let clock = ContinuousClock()
        let started = clock.now
        let credentials = try await harness.makeClient().authorize(
            scopes: ["email"], options: .init(timeout: .seconds(1200)), browser: browser)
        #expect(!credentials.accessToken.isEmpty)
        // Under load (2 cores, load 12) a login took 65–88 s: the bound only has to tell it from the 900 s.
        #expect(clock.now - started < .seconds(450), "long before the opener's 900 s")
        let ended = openerEnded.load(ordering: .relaxed)
        #expect(ended)
    }

    @Test("an opener that fails before the redirect ends the login with its error, not the timeout")
    func failingOpenerEndsTheWait() async throws {
        let harness = try EmulatorHarness()
        let clock = ContinuousClock()
        let started = clock.now
        await #expect(throws: Refused.self) {
            _ = try await harness.makeClient().authorize(
                scopes: ["email"], options: .init(timeout: .seconds(1200)), browser: ClosureBrowserOpener { _ in throw Refused() })
        }
        #expect(clock.now - started < .seconds(600), "long before the 1200 s timeout")
    }

    @Test("the system opener says it opened the browser as soon as the command starts, not when it exits")
    func systemOpenerReportsAtOnce() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let script = root.appendingPathComponent("browser")
        try Data("#!/bin/sh\nexec sleep 8\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        let lines = Mutex<[String]>([])
        let opener = SystemBrowserOpener(
            environment: ["BROWSER": script.path, "PATH": "/nonexistent"], output: { line in lines.withLock { $0.append(line) } })
        let returned = Atomic<Bool>(false)
        let task = Task {
            try await opener.open(URL(string: "http://127.0.0.1:9/auth?state=s")!)
            returned.store(true, ordering: .relaxed)
        }
        // The command runs for 8 s and the opener watches it for 5 s: the message comes first.
        var waited = 0
        while lines.withLock({ $0.isEmpty }) && waited < 600 {
            try await Task.sleep(for: .milliseconds(50))
            waited += 1
        }
        #expect(lines.withLock { $0.first?.contains("opened") } == true)
        let finished = returned.load(ordering: .relaxed)
        #expect(!finished, "the message came before the opener finished watching the command")
        task.cancel()
        try await task.value
        #expect(lines.withLock { $0.count } == 1)
    }

    @Test("with idle keep-alive connections open, the callback comes back after its page is written")
    func idleConnectionsDoNotKeepThePageFromTheBrowser() async throws {
        // How long the wait lasts is not asserted (load decides it); that idle connections do not
        // count is LocalHTTPServerResponsesInProgressTests'. Here: the page still arrives whole.
        let listener = try LoopbackRedirectListener(expectedState: "s1")
        defer { listener.stop() }
        // Spare connections a browser opens and leaves idle (the listener's idle timeout is 10 s).
        let idle = (0..<3).compactMap { _ in LoopbackSocket.connect(port: listener.port) }
        defer { idle.forEach { close($0) } }
        let transport = CurlTransport()
        async let page = transport.send(GoogleHTTPRequest(url: URL(string: listener.redirectURI + "?state=s1&code=c1")!))
        let callback = try await listener.waitForCallback(timeout: .seconds(300))
        #expect(callback.code == "c1")
        let answered = try await page
        #expect(answered.status == 200)
        #expect(String(decoding: answered.body, as: UTF8.self).contains("Authorization complete"))
    }

    @Test("every page the listener serves is no-store and no-referrer, the Already handled page too")
    func pagesAreNeverCachedNorReferred() async throws {
        let listener = try LoopbackRedirectListener(expectedState: "s2")
        defer { listener.stop() }
        let transport = CurlTransport()
        let base = listener.redirectURI
        let first = try await transport.send(GoogleHTTPRequest(url: URL(string: base + "?state=s2&code=c2")!))
        let again = try await transport.send(GoogleHTTPRequest(url: URL(string: base + "?state=s2&code=c2")!))
        let forged = try await transport.send(GoogleHTTPRequest(url: URL(string: base + "?state=other&code=x")!))
        #expect(String(decoding: again.body, as: UTF8.self).contains("Already handled"))
        for response in [first, again, forged] {
            #expect(response.headers["Cache-Control"] == "no-store")
            #expect(response.headers["Referrer-Policy"] == "no-referrer")
        }
        _ = try await listener.waitForCallback(timeout: .seconds(300))
    }
}
