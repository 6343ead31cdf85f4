import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Testing

/// Numbers from a token endpoint, a device endpoint or a header never trap: each becomes a
/// clamped value or a typed error (issue 10, point 2).
@Suite("Hostile numbers from the network")
struct HostileNumberTests {
    /// The client's clock: fixed, so expiry dates are checked exactly rather than against the
    /// wall clock after the test task has waited an unknown time for a thread.
    private static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A client whose token endpoint answers `body`.
    private func refresh(answering body: String) async throws -> OAuthTokens {
        let harness = try EmulatorHarness { request in
            request.path == "/custom/token" ? .json(Data(body.utf8)) : nil
        }
        var configuration = harness.clientConfiguration
        configuration.endpoints.token = harness.baseURL.appendingPathComponent("custom/token")
        return try await harness.makeClient(configuration: configuration, clock: { Self.now }).refresh(refreshToken: "1//old")
    }

    private static let tenYears: TimeInterval = 10 * 366 * 86_400

    @Test("expires_in 1e300 is clamped to at most ten years", arguments: ["1e300", "\"1e300\"", "1.7976931348623157e308"])
    func hugeLifetime(value: String) async throws {
        let credentials = try await refresh(answering: #"{"access_token":"a","expires_in":\#(value),"refresh_token_expires_in":\#(value)}"#)
        let expiry = try #require(credentials.expiresAt).timeIntervalSince(Self.now)
        #expect(expiry > 0 && expiry <= Self.tenYears)
        let refreshExpiry = try #require(credentials.refreshTokenExpiresAt).timeIntervalSince(Self.now)
        #expect(refreshExpiry > 0 && refreshExpiry <= Self.tenYears)
    }

    @Test("expires_in below zero means already expired, not a date in the past")
    func negativeLifetime() async throws {
        let credentials = try await refresh(answering: #"{"access_token":"a","expires_in":-86400}"#)
        #expect(credentials.expiresAt == Self.now)
    }

    @Test("expires_in \"NaN\" is treated as unknown")
    func notANumberLifetime() async throws {
        let credentials = try await refresh(answering: #"{"access_token":"a","expires_in":"NaN"}"#)
        #expect(credentials.expiresAt == nil)
    }

    // MARK: - Device flow

    private func deviceAuthorization(interval: String) async throws -> DeviceAuthorization {
        let body =
            #"{"device_code":"d","user_code":"ABC-DEF","verification_url":"https://example.org/device","expires_in":1e300,"interval":\#(interval)}"#
        let harness = try EmulatorHarness { request in
            request.path == "/custom/device" ? .json(Data(body.utf8)) : nil
        }
        var configuration = harness.clientConfiguration
        configuration.endpoints.deviceAuthorization = harness.baseURL.appendingPathComponent("custom/device")
        return try await harness.makeClient(configuration: configuration).requestDeviceAuthorization(scopes: ["email"])
    }

    @Test(
        "A device-flow interval of 1e19, \"NaN\" or -3 is clamped",
        arguments: [
            ("1e19", 600), ("\"1e19\"", 600), ("\"NaN\"", 5), ("-3", 1), ("\"inf\"", 600),
        ])
    func deviceInterval(value: String, expected: Int) async throws {
        let authorization = try await deviceAuthorization(interval: value)
        #expect(authorization.interval == expected)
        #expect(authorization.expiresAt.timeIntervalSinceNow <= Self.tenYears)
    }

    // MARK: - Emulator lifetimes

    @Test("An emulator configured with a 1e19-second token lifetime answers instead of trapping")
    func emulatorHugeLifetime() async throws {
        let harness = try EmulatorHarness(configuration: .init(accessTokenLifetime: 1e19, refreshTokenLifetime: 1e19))
        let tokens = harness.emulator.issueTokens(scopes: ["email"])
        let credentials = try await harness.makeClient().refresh(refreshToken: tokens.refresh)
        let expiry = try #require(credentials.expiresAt).timeIntervalSinceNow
        #expect(expiry > 3600 && expiry <= Self.tenYears)
    }
}
