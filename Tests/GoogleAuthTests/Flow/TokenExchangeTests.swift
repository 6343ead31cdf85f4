import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite("Code exchange, refresh and revocation against the emulator")
struct TokenExchangeTests {
    /// A loopback redirect (the Desktop client's only kind); nothing listens there: the code is
    /// read from the emulator's `Location` without following it.
    static let loopbackRedirect = "http://127.0.0.1:9/"

    /// Runs the authorization endpoint with curl and returns the request and its code.
    private func authorizationCode(
        _ harness: EmulatorHarness, scopes: [String] = ["email"], method: PKCE.Method = .s256
    ) async throws -> (AuthorizationRequest, String) {
        let request = harness.makeClient().makeAuthorizationRequest(
            scopes: scopes, redirectURI: Self.loopbackRedirect, options: .init(codeChallengeMethod: method))
        let response = try await harness.transport.send(GoogleHTTPRequest(url: request.url))
        let location = try #require(response.headers["Location"])
        let code = try request.authorizationCode(from: AuthorizationCallback(callbackString: location))
        return (request, code)
    }

    /// Same redirect URI and state, but a fresh PKCE verifier.
    private func otherRequest(like request: AuthorizationRequest, harness: EmulatorHarness) -> AuthorizationRequest {
        AuthorizationRequest(
            configuration: harness.clientConfiguration, scopes: request.scopes, redirectURI: request.redirectURI,
            state: request.state)
    }

    @Test("Plain PKCE also verifies")
    func plainPKCE() async throws {
        let harness = try EmulatorHarness()
        let (request, code) = try await authorizationCode(harness, method: .plain)
        #expect(queryParameters(request.url.absoluteString)["code_challenge_method"] == "plain")
        let credentials = try await harness.makeClient().exchangeCode(code, for: request)
        #expect(!credentials.accessToken.isEmpty)
    }

    @Test("A reused code fails with invalid_grant and revokes the first tokens")
    func codeReuse() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient()
        let (request, code) = try await authorizationCode(harness)
        let first = try await client.exchangeCode(code, for: request)
        let firstCheck = harness.emulator.authorize(bearer(first.accessToken), anyOf: [])
        #expect(firstCheck.isAllowed)
        await #expect {
            _ = try await client.exchangeCode(code, for: request)
        } throws: { error in
            let error = error as? OAuthError
            return error?.code == .invalidGrant && error?.serverDescription == "Bad Request" && error?.status == 400
        }
        #expect(!harness.emulator.authorize(bearer(first.accessToken), anyOf: []).isAllowed)
        await #expect(throws: OAuthError.self) { _ = try await client.refresh(refreshToken: first.refreshToken ?? "") }
    }

    @Test("A wrong code_verifier fails with invalid_grant")
    func wrongVerifier() async throws {
        let harness = try EmulatorHarness()
        let (request, code) = try await authorizationCode(harness)
        let impostor = otherRequest(like: request, harness: harness)
        let error = await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient().exchangeCode(code, for: impostor)
        }
        #expect(error?.isInvalidGrant == true)
    }

    @Test("A different redirect_uri fails with redirect_uri_mismatch")
    func wrongRedirectURI() async throws {
        let harness = try EmulatorHarness()
        let (request, code) = try await authorizationCode(harness)
        let mismatched = AuthorizationRequest(
            configuration: harness.clientConfiguration, scopes: request.scopes, redirectURI: "http://127.0.0.1:1/",
            state: request.state, pkce: request.pkce)
        await #expect {
            _ = try await harness.makeClient().exchangeCode(code, for: mismatched)
        } throws: { error in
            let error = error as? OAuthError
            return error?.code == .redirectURIMismatch && error?.serverDescription == "Bad Request" && error?.status == 400
        }
    }

    @Test("A wrong client secret fails with invalid_client")
    func wrongSecret() async throws {
        let harness = try EmulatorHarness()
        let (request, code) = try await authorizationCode(harness)
        var configuration = harness.clientConfiguration
        configuration.clientSecret = "wrong"
        let error = await #expect(throws: OAuthError.self) {
            _ = try await harness.makeClient(configuration: configuration).exchangeCode(code, for: request)
        }
        #expect(error?.oauthErrorCode == "invalid_client")
    }

    @Test("Refresh returns a new access token and no refresh token; refresh(credentials) keeps the old one")
    func refresh() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient()
        let (request, code) = try await authorizationCode(harness, scopes: ["openid", "email"])
        let original = try await client.exchangeCode(code, for: request)
        let refreshToken = try #require(original.refreshToken)
        harness.emulator.expireAccessTokens()
        #expect(!harness.emulator.authorize(bearer(original.accessToken), anyOf: []).isAllowed)

        let refreshed = try await client.refresh(refreshToken: refreshToken)
        #expect(refreshed.refreshToken == nil)
        #expect(refreshed.accessToken != original.accessToken)
        #expect(refreshed.scopes == ["openid", "email"])
        #expect(harness.emulator.authorize(bearer(refreshed.accessToken), anyOf: ["email"]).isAllowed)

        let merged = try await client.refresh(original)
        #expect(merged.refreshToken == refreshToken)
        #expect(merged.idToken == original.idToken)
        #expect(harness.emulator.refreshRequestCount == 2)
        #expect(harness.emulator.tokenRequestCount == 3)

        // Through the TokenRefreshing protocol, as the authorized session uses it.
        let refresher: any TokenRefreshing = client
        #expect(try await refresher.refresh(refreshToken: refreshToken).accessToken.hasPrefix("ya29."))
    }

    @Test("Revoke: 200 then invalid_grant on refresh; a second revoke is a typed 400 error")
    func revoke() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient()
        let (request, code) = try await authorizationCode(harness)
        let credentials = try await client.exchangeCode(code, for: request)
        try await client.revoke(credentials)
        let error = await #expect(throws: OAuthError.self) { _ = try await client.refresh(credentials) }
        #expect(error?.isInvalidGrant == true)
        #expect(!harness.emulator.authorize(bearer(credentials.accessToken), anyOf: []).isAllowed)
        await #expect(throws: OAuthError.invalidToken(description: "Token expired or revoked")) {
            try await client.revoke(token: credentials.accessToken)
        }
    }

    @Test("Revoking the access token also ends the refresh token")
    func revokeAccessToken() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient()
        let tokens = harness.emulator.issueTokens(scopes: ["email"])
        try await client.revoke(token: tokens.access)
        let error = await #expect(throws: OAuthError.self) { _ = try await client.refresh(refreshToken: tokens.refresh) }
        #expect(error?.isInvalidGrant == true)
    }

    @Test("Time-based access: the refresh token expires")
    func timeBasedExpiry() async throws {
        let harness = try EmulatorHarness(configuration: .init(refreshTokenLifetime: 3600))
        // A clock that stands still: the expiry is checked exactly, not against a later wall clock.
        let now = Date()
        let client = harness.makeClient(clock: { now })
        let (request, code) = try await authorizationCode(harness)
        let credentials = try await client.exchangeCode(code, for: request)
        #expect(credentials.refreshTokenExpiresAt == now.addingTimeInterval(3600))
        _ = try await client.refresh(credentials)
        harness.emulator.advanceTime(by: 3601)
        let error = await #expect(throws: OAuthError.self) { _ = try await client.refresh(credentials) }
        #expect(error?.isInvalidGrant == true)
        #expect(error?.remedy.contains("again") == true)
    }

    @Test("Partial grants are visible and checked")
    func partialGrant() async throws {
        let harness = try EmulatorHarness(configuration: .init(grantedScopesOverride: [TestScopes.driveFile]))
        let (request, code) = try await authorizationCode(harness, scopes: [TestScopes.driveFile, TestScopes.youtube])
        let credentials = try await harness.makeClient().exchangeCode(code, for: request)
        #expect(credentials.grantedScopes == [TestScopes.driveFile])
        #expect(credentials.hasScope(TestScopes.driveFile))
        #expect(!credentials.hasScope(TestScopes.youtube))
        try credentials.requireScope(TestScopes.driveFile)
        #expect(throws: OAuthError.scopeNotGranted(required: [TestScopes.youtube], granted: [TestScopes.driveFile])) {
            try credentials.requireScopes([TestScopes.driveFile, TestScopes.youtube])
        }
    }

    private func bearer(_ token: String) -> HTTPServerRequestFactory.Request {
        HTTPServerRequestFactory.make(path: "/api", headers: ["Authorization": "Bearer \(token)"])
    }
}
