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

/// Any local process can reach the loopback listener. None of them may end, block or abort the
/// login: only the browser returning with the right `state` completes it.
@Suite("Loopback listener against other local processes")
struct LoopbackListenerHardeningTests {
    @Test("Wrong or missing state gets 400 and the real redirect still completes the login")
    func forgedCallbacksDoNotEndTheFlow() async throws {
        let harness = try EmulatorHarness()
        let transport = harness.transport
        let statuses = Mutex<[Int]>([])
        let browser = CurlBrowser(
            transport: transport,
            beforeRedirect: { target in
                let base = "http://\(target.host ?? "127.0.0.1"):\(target.port ?? 0)/"
                for query in ["?state=forged&code=attacker-code", "?code=attacker-code", "?error=access_denied&state=wrong", "?state="] {
                    let response = try await transport.send(GoogleHTTPRequest(url: URL(string: base + query)!))
                    statuses.withLock { $0.append(response.status) }
                }
            })
        let credentials = try await harness.makeClient().authorize(scopes: ["email"], browser: browser)
        #expect(!credentials.accessToken.isEmpty)
        #expect(statuses.withLock { $0 } == [400, 400, 400, 400])
        #expect(browser.recorded.first?.redirectStatus == 200)
        #expect(harness.emulator.tokenRequestCount == 1)
    }

    @Test("Many idle connections and a drip-feeding one do not keep the real redirect out")
    func idleAndSlowConnectionsDoNotBlock() async throws {
        let harness = try EmulatorHarness()
        let transport = harness.transport
        let held = HeldSockets()
        let browser = CurlBrowser(
            transport: transport,
            beforeRedirect: { target in
                let port = target.port ?? 0
                // More idle connections than the listener serves at once, plus one sending its head a
                // byte per 200 ms; all stay open while the real redirect arrives.
                await onThread {
                    for _ in 0..<40 { held.connect(port: port) }
                    held.startDripping(port: port, bytes: Array("GET /?state=x&code=y HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                }
            })
        let credentials = try await harness.makeClient().authorize(
            scopes: ["email"], options: .init(timeout: .seconds(120)), browser: browser)
        #expect(!credentials.accessToken.isEmpty)
        #expect(held.connectedCount == 40)
        held.closeAll()
    }
}

// MARK: - Helpers

/// Raw client sockets a test keeps open (idle or dripping) while the flow runs.
private final class HeldSockets: Sendable {
    private let descriptors = Mutex<[Int32]>([])
    private let stop = Atomic<Bool>(false)

    var connectedCount: Int { descriptors.withLock { $0.count } }

    func connect(port: Int) {
        guard let fd = LoopbackSocket.connect(port: port) else { return }
        descriptors.withLock { $0.append(fd) }
    }

    /// Sends `bytes` one at a time from a thread of its own until done, refused or stopped.
    func startDripping(port: Int, bytes: [UInt8]) {
        guard let fd = LoopbackSocket.connect(port: port) else { return }
        let thread = Thread { [self] in
            defer { close(fd) }
            for byte in bytes {
                if stop.load(ordering: .relaxed) { return }
                var value = byte
                guard SystemCall.send(fd, &value, 1) == 1 else { return }
                usleep(200_000)
            }
        }
        thread.start()
    }

    func closeAll() {
        stop.store(true, ordering: .relaxed)
        for fd in descriptors.withLock({ $0 }) { close(fd) }
    }
}

/// Runs blocking socket calls off the cooperative pool.
private func onThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            body()
            continuation.resume()
        }
        thread.start()
    }
}
