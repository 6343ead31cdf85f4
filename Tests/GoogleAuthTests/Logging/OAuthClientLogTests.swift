import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

/// ``OAuthClient/logger`` sees every request to an OAuth endpoint — through the real transport to
/// the emulator — with its kind, endpoint, status, OAuth error code and redacted headers, and never
/// a token, code, device code or the client secret.
@Suite("OAuthClient request log")
struct OAuthClientLogTests {
    /// Collects entries from any thread.
    final class Log: Sendable {
        private let entries = Mutex<[RequestLogEntry]>([])
        var logger: @Sendable (RequestLogEntry) -> Void { { entry in self.entries.withLock { $0.append(entry) } } }
        var values: [RequestLogEntry] { entries.withLock { $0 } }

        /// Everything an entry shows, for the secret checks.
        var shown: [String] {
            values.map { "\($0) \($0.url) \($0.error ?? "") \($0.requestHeaders) \($0.responseHeaders)" }
        }

        func expectNone(of secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
            for text in shown {
                for secret in secrets where !secret.isEmpty {
                    #expect(!text.contains(secret), "a secret in \(text)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test("Refresh and revocation, then a second revocation answered 400 invalid_token")
    func refreshAndRevocation() async throws {
        let harness = try EmulatorHarness()
        let log = Log()
        let client = harness.makeClient(logger: log.logger)
        let tokens = harness.emulator.issueTokens(scopes: ["email"])
        let refreshed = try await client.refresh(refreshToken: tokens.refresh)
        try await client.revoke(token: tokens.refresh)
        await #expect(throws: OAuthError.self) { try await client.revoke(token: tokens.refresh) }

        let entries = log.values
        #expect(entries.map(\.kind) == [.tokenRefresh, .revocation, .revocation])
        #expect(entries.map(\.status) == [200, 200, 400])
        #expect(entries.map(\.error) == [nil, nil, "invalid_token"])
        #expect(entries[0].url == harness.clientConfiguration.endpoints.token.absoluteString)
        #expect(entries[1].url == harness.clientConfiguration.endpoints.revocation.absoluteString)
        for entry in entries {
            #expect(entry.method == .post)
            #expect(entry.attempt == 1)
            #expect(entry.retryDelay == nil)
            #expect(entry.requestHeaders.contains { $0.name == "Content-Type" && $0.value == "application/x-www-form-urlencoded" })
            #expect(entry.responseHeaders.contains { $0.name.lowercased() == "content-type" })
        }
        #expect(entries[0].description.hasPrefix("token refresh: POST \(entries[0].url) -> 200 in "))
        #expect(entries[2].description.contains("revocation: POST \(entries[2].url) -> 400 invalid_token in "))
        log.expectNone(of: [
            tokens.access, tokens.refresh, refreshed.accessToken, harness.clientConfiguration.clientSecret ?? "",
        ])
    }

    @Test("A code exchange answered invalid_grant is logged without the code or the verifier")
    func codeExchange() async throws {
        let harness = try EmulatorHarness()
        let log = Log()
        let client = harness.makeClient(logger: log.logger)
        let request = client.makeAuthorizationRequest(scopes: ["email"], redirectURI: "http://127.0.0.1:1/")
        let code = "4/0-not-a-code-\(UUID().uuidString)"
        await #expect(throws: OAuthError.self) { _ = try await client.exchangeCode(code, for: request) }
        #expect(log.values.map(\.kind) == [.codeExchange])
        #expect(log.values.first?.status == 400)
        #expect(log.values.first?.error == "invalid_grant")
        log.expectNone(of: [code, request.pkce.verifier, harness.clientConfiguration.clientSecret ?? ""])
    }

    @Test("The device flow logs its request and each poll with the wait before the next")
    func devicePolls() async throws {
        let harness = try EmulatorHarness()
        let emulator = harness.emulator
        emulator.freezeClock()
        let log = Log()
        let userCode = Mutex<String?>(nil)
        let deviceCode = Mutex<String?>(nil)
        // Poll 2 comes too early (the clock moves a fifth of the wait): slow_down, 10 s from then on.
        let waits = Mutex(0)
        let sleep: @Sendable (Duration) async throws -> Void = { duration in
            let count = waits.withLock {
                $0 += 1
                return $0
            }
            if count == 4, let code = userCode.withLock({ $0 }) { emulator.approveDevice(userCode: code) }
            emulator.advanceTime(by: Double(duration.components.seconds) * (count == 2 ? 0.2 : 1))
        }
        let client = harness.makeClient(sleep: sleep, logger: log.logger)
        let credentials = try await client.authorizeDevice(scopes: ["email"]) { authorization in
            userCode.withLock { $0 = authorization.userCode }
            deviceCode.withLock { $0 = authorization.deviceCode }
        }

        let entries = log.values
        #expect(entries.map(\.kind) == [.deviceAuthorization, .devicePoll, .devicePoll, .devicePoll, .devicePoll])
        #expect(entries.dropFirst().map(\.attempt) == [1, 2, 3, 4])
        #expect(entries.map(\.error) == [nil, "authorization_pending", "slow_down", "authorization_pending", nil])
        #expect(entries.map(\.retryDelay) == [nil, .seconds(5), .seconds(10), .seconds(10), nil])
        #expect(entries.last?.status == 200)
        #expect(entries[0].url == harness.clientConfiguration.endpoints.deviceAuthorization.absoluteString)
        #expect(entries[2].description.contains("device poll 2: POST"))
        #expect(entries[2].description.hasSuffix("next in 10000 ms"))
        log.expectNone(of: [
            deviceCode.withLock { $0 } ?? "", credentials.accessToken, credentials.refreshToken ?? "",
            credentials.idToken ?? "", harness.clientConfiguration.clientSecret ?? "",
        ])
    }

    @Test("A request that gets no answer is logged with the transport's reason and no status")
    func transportFailure() async throws {
        // A port nobody listens on: bind one, note it, close it.
        let server = try EmulatorHarness()
        let closedPort = server.baseURL
        server.server.stop()
        let log = Log()
        let configuration = OAuthClientConfiguration(
            clientID: "id", clientSecret: "the-client-secret-\(UUID().uuidString)", endpoints: OAuthEndpoints(emulatorBaseURL: closedPort))
        let client = OAuthClient(configuration: configuration, transport: CurlTransport(), logger: log.logger)
        await #expect(throws: OAuthError.self) { try await client.revoke(token: "1//refresh-token-that-must-not-appear") }
        #expect(log.values.map(\.kind) == [.revocation])
        #expect(log.values.first?.status == nil)
        #expect(log.values.first?.error?.isEmpty == false)
        #expect(log.values.first?.description.contains("-> failed: ") == true)
        log.expectNone(of: ["1//refresh-token-that-must-not-appear", configuration.clientSecret ?? ""])
    }
}
