import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Testing

// MARK: - Servers answer while the cooperative pool is busy

/// The loopback listener and the emulator are `LocalHTTPServer`s; their handlers must not wait for
/// a free cooperative thread. Each check runs in a child process (an exit test), so saturating
/// that process's pool neither disturbs the tests running in parallel nor is disturbed by them.
@Suite("Servers answer while every cooperative thread is busy")
struct BusyCooperativePoolTests {
    @Test("a loopback login, a refresh and a revocation complete while the pool spins")
    func loginWhilePoolIsBusy() async {
        await #expect(processExitsWith: .success) {
            let harness = try EmulatorHarness()
            let client = harness.makeClient()
            let browser = CurlBrowser(transport: harness.transport)
            // The client side runs on the transport's own thread: code on the global pool would
            // wait for the spinning tasks too, and this test is about the servers.
            try await withTaskExecutorPreference(harness.transport.executor) {
                // Long enough that a server depending on the pool cannot finish the flow in time,
                // and a hard failure rather than a hang if it does.
                let hog = CooperativePoolHog(duration: .seconds(20))
                hog.waitUntilSaturated()
                let started = ContinuousClock.now
                let credentials = try await client.authorize(
                    scopes: ["email", TestScopes.driveReadonly], options: .init(timeout: .seconds(30)), browser: browser)
                let refreshed = try await client.refresh(credentials)
                try await client.revoke(refreshed)
                let elapsed = ContinuousClock.now - started
                let finishedWhileSaturated = hog.isSaturated
                // Exit from this thread: anything after the preference block waits for the pool.
                guard finishedWhileSaturated, harness.emulator.tokenRequestCount == 2 else {
                    FileHandle.standardError.write(Data("flow took \(elapsed); pool still saturated: \(finishedWhileSaturated)\n".utf8))
                    exit(EXIT_FAILURE)
                }
                exit(EXIT_SUCCESS)
            }
        }
    }
}
