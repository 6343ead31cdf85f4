import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

@Suite("Device authorization grant against the emulator (no real waiting)")
struct DeviceFlowTests {
    /// A sleep replacement that records requested waits and moves the emulator's clock instead.
    final class VirtualSleeper: Sendable {
        let emulator: OAuthEmulator
        let waits = Mutex<[Duration]>([])
        /// Called with the poll number (1-based) before the emulator's clock moves.
        let onWait: @Sendable (Int) async throws -> Void
        /// Fraction of each wait the clock actually advances (below 1 polls too early).
        let advanceFraction: @Sendable (Int) -> Double

        init(
            emulator: OAuthEmulator, advanceFraction: @escaping @Sendable (Int) -> Double = { _ in 1 },
            onWait: @escaping @Sendable (Int) async throws -> Void = { _ in }
        ) {
            self.emulator = emulator
            self.advanceFraction = advanceFraction
            self.onWait = onWait
        }

        var sleep: @Sendable (Duration) async throws -> Void {
            { [self] duration in
                let count = waits.withLock {
                    $0.append(duration)
                    return $0.count
                }
                try await onWait(count)
                emulator.advanceTime(by: Double(duration.components.seconds) * advanceFraction(count))
            }
        }

        var recorded: [Duration] { waits.withLock { $0 } }
    }

    @Test("Pending, then approved on the verification page")
    func approve() async throws {
        let harness = try EmulatorHarness()
        let shown = Mutex<DeviceAuthorization?>(nil)
        let transport = harness.transport
        let sleeper = VirtualSleeper(
            emulator: harness.emulator,
            onWait: { poll in
                guard poll == 3, let authorization = shown.withLock({ $0 }) else { return }
                var components = URLComponents(url: authorization.verificationURL, resolvingAgainstBaseURL: false)
                components?.queryItems = [URLQueryItem(name: "user_code", value: authorization.userCode)]
                let page = try await transport.send(GoogleHTTPRequest(url: components!.url!))
                #expect(page.status == 200)
            })
        let client = harness.makeClient(sleep: sleeper.sleep)
        let credentials = try await client.authorizeDevice(scopes: ["email", TestScopes.youtube]) { authorization in
            shown.withLock { $0 = authorization }
        }
        let authorization = try #require(shown.withLock { $0 })
        #expect(authorization.userCode.count == 9)
        #expect(authorization.verificationURL.absoluteString == harness.baseURL.absoluteString + "/device")
        #expect(authorization.interval == 5)
        #expect(!authorization.description.contains(authorization.deviceCode))
        #expect(credentials.grantedScopes == ["email", TestScopes.youtube])
        #expect(credentials.refreshToken != nil)
        #expect(sleeper.recorded == [.seconds(5), .seconds(5), .seconds(5)])
        #expect(harness.emulator.tokenRequestCount == 3, "two pending polls, then the token")
    }

    @Test("slow_down adds five seconds to the interval")
    func slowDown() async throws {
        let harness = try EmulatorHarness()
        let emulator = harness.emulator
        // Only the virtual waits move the clock: "too early" must not depend on real elapsed time.
        emulator.freezeClock()
        let userCode = Mutex<String?>(nil)
        // The second wait only advances the clock by a fifth, so the second poll comes too early.
        let sleeper = VirtualSleeper(
            emulator: emulator, advanceFraction: { $0 == 2 ? 0.2 : 1 },
            onWait: { poll in
                if poll == 4, let code = userCode.withLock({ $0 }) { emulator.approveDevice(userCode: code) }
            })
        let credentials = try await harness.makeClient(sleep: sleeper.sleep).authorizeDevice(scopes: ["email"]) { authorization in
            userCode.withLock { $0 = authorization.userCode }
        }
        #expect(!credentials.accessToken.isEmpty)
        #expect(sleeper.recorded == [.seconds(5), .seconds(5), .seconds(10), .seconds(10)])
    }

    @Test("Denied on the verification page → accessDenied")
    func denied() async throws {
        let harness = try EmulatorHarness()
        let transport = harness.transport
        let shown = Mutex<DeviceAuthorization?>(nil)
        let sleeper = VirtualSleeper(
            emulator: harness.emulator,
            onWait: { poll in
                guard poll == 2, let authorization = shown.withLock({ $0 }) else { return }
                let url = URL(string: authorization.verificationURL.absoluteString + "?user_code=\(authorization.userCode)&action=deny")!
                _ = try await transport.send(GoogleHTTPRequest(url: url))
            })
        await #expect {
            _ = try await harness.makeClient(sleep: sleeper.sleep).authorizeDevice(scopes: ["email"]) { authorization in
                shown.withLock { $0 = authorization }
            }
        } throws: { error in
            let error = error as? OAuthError
            return error?.code == .accessDenied && error?.serverDescription == "Forbidden" && error?.status == 403
        }
    }

    @Test("The device code expires → deviceCodeExpired")
    func expired() async throws {
        // With 100 s polls and a 250 s lifetime the code expires at the third poll; the frozen clock
        // moves only by the virtual waits, however long the test takes.
        let harness = try EmulatorHarness(configuration: .init(deviceCodeLifetime: 250, devicePollingInterval: 100))
        harness.emulator.freezeClock()
        let sleeper = VirtualSleeper(emulator: harness.emulator)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient(sleep: sleeper.sleep).authorizeDevice(scopes: ["email"]) { _ in }
        }
        #expect(error?.code == .deviceCodeExpired)
        #expect(sleeper.recorded.count == 3)
    }

    @Test("An unknown client is rejected at the device endpoint")
    func unknownClient() async throws {
        let harness = try EmulatorHarness()
        var configuration = harness.clientConfiguration
        configuration.clientID = "nobody"
        let error = await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient(configuration: configuration).requestDeviceAuthorization(scopes: ["email"])
        }
        #expect(error?.oauthErrorCode == "invalid_client")
    }
}
