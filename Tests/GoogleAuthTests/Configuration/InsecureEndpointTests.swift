import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

/// Codes, client secrets and tokens travel to the OAuth endpoints: plain http is refused unless
/// the host is loopback (the emulator), before anything is sent.
@Suite("OAuth endpoints over plain http")
struct InsecureEndpointTests {
    @Test(
        "A client file whose auth_uri or token_uri is plain http to a remote host is refused",
        arguments: [
            ("auth_uri", "http://accounts.example.com/o/oauth2/auth"),
            ("token_uri", "http://oauth2.example.com/token"),
            ("token_uri", "http://192.0.2.1:8080/token"),
        ])
    func clientFileRefusesRemoteHTTP(key: String, value: String) {
        let json = #"{"installed":{"client_id":"x","\#(key)":"\#(value)"}}"#
        let error = #expect(throws: OAuthError.self) { _ = try OAuthClientConfiguration(jsonData: Data(json.utf8)) }
        guard let error, error.code == .invalidClientConfiguration, let path = error.configurationPath, let reason = error.reason else {
            Issue.record("expected invalidClientConfiguration, got \(String(describing: error))")
            return
        }
        #expect(path == "installed.\(key)")
        #expect(reason.contains("plain http") && reason.contains("loopback"), "\(reason)")
    }

    @Test(
        "Loopback http endpoints (the emulator) and https ones load",
        arguments: [
            "http://127.0.0.1:8089/token", "http://localhost:8089/token", "http://[::1]:8089/token", "https://oauth2.googleapis.com/token",
        ])
    func clientFileAcceptsLoopbackAndHTTPS(value: String) throws {
        let json = #"{"installed":{"client_id":"x","token_uri":"\#(value)"}}"#
        let configuration = try OAuthClientConfiguration(jsonData: Data(json.utf8))
        #expect(configuration.endpoints.token.absoluteString == value)
    }

    @Test("Revoking, refreshing or starting the device flow at a remote http endpoint sends nothing")
    func requestsToRemoteHTTPAreRefused() async throws {
        let harness = try EmulatorHarness()
        var configuration = harness.clientConfiguration
        // Only the endpoints under test point away; a request reaching them would fail differently.
        configuration.endpoints.revocation = URL(string: "http://192.0.2.1:9/revoke")!
        configuration.endpoints.token = URL(string: "http://oauth.example.invalid/token")!
        configuration.endpoints.deviceAuthorization = URL(string: "http://192.0.2.1:9/device/code")!
        let client = harness.makeClient(configuration: configuration)
        for operation in [
            { try await client.revoke(token: "1//SECRET") },
            { _ = try await client.refresh(refreshToken: "1//SECRET") },
            { _ = try await client.requestDeviceAuthorization(scopes: ["email"]) },
        ] as [@Sendable () async throws -> Void] {
            let error = await #expect(throws: OAuthError.self) { try await operation() }
            guard let error, error.code == .insecureEndpoint, let url = error.url, let reason = error.reason else {
                Issue.record("expected insecureEndpoint, got \(String(describing: error))")
                continue
            }
            #expect(url.hasPrefix("http://"))
            #expect(reason.contains("plain http"))
            #expect(!"\(error)".contains("SECRET"))
        }
    }

    @Test("The loopback flow refuses a remote http authorization endpoint before listening")
    func authorizeRefusesRemoteHTTP() async throws {
        let harness = try EmulatorHarness()
        var configuration = harness.clientConfiguration
        configuration.endpoints.authorization = URL(string: "http://accounts.example.invalid/auth")!
        let opened = OpenCounter()
        let browser = ClosureBrowserOpener { _ in opened.increment() }
        await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient(configuration: configuration).authorize(scopes: ["email"], browser: browser)
        }
        #expect(opened.count == 0)
    }
}

/// Counts browser openings.
final class OpenCounter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
