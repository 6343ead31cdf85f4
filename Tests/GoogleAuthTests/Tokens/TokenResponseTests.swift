import Foundation
import GoogleAuth
import GoogleBase
import GoogleEmulator
import GoogleHTTPTypes
import LocalHTTPServer
import Testing

@Suite("Token responses and ID token claims")
struct TokenResponseTests {
    static func jwt(_ claims: String) -> String {
        Base64URL.encode(Array(#"{"alg":"RS256","kid":"k"}"#.utf8)) + "." + Base64URL.encode(Array(claims.utf8)) + ".c2ln"
    }

    @Test("Unknown fields are ignored, string lifetimes accepted, refresh_token_expires_in becomes a date")
    func lenientParsing() async throws {
        let idToken = Self.jwt(#"{"sub":"42","email":"a@b.c","aud":["x","y"],"email_verified":"true","exp":2000000000}"#)
        let body = """
            {"access_token":"ya29.custom","expires_in":"120","refresh_token":"1//r","refresh_token_expires_in":600,
             "scope":"email openid","token_type":"Bearer","id_token":"\(idToken)","new_field":{"nested":[1,2]}}
            """
        let harness = try EmulatorHarness { request in
            request.path == "/custom/token" ? .json(Data(body.utf8)) : nil
        }
        var configuration = harness.clientConfiguration
        configuration.endpoints.token = harness.baseURL.appendingPathComponent("custom/token")
        // A fixed clock: the lifetimes are checked exactly, however late this task resumes.
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let credentials = try await harness.makeClient(configuration: configuration, clock: { now }).refresh(refreshToken: "1//old")
        #expect(credentials.accessToken == "ya29.custom")
        #expect(credentials.refreshToken == "1//r")
        #expect(credentials.expiresAt == now.addingTimeInterval(120))
        #expect(credentials.refreshTokenExpiresAt == now.addingTimeInterval(600))
        #expect(credentials.scopes == ["email", "openid"])
        let claims = try #require(credentials.idTokenClaims)
        #expect(claims.subject == "42")
        #expect(claims.email == "a@b.c")
        #expect(claims.audience == ["x", "y"])
        #expect(claims.emailVerified == true)
        #expect(claims.expiresAt == Date(timeIntervalSince1970: 2_000_000_000))
    }

    @Test(
        "Undecodable ID tokens are a typed error (and nil claims), never a crash",
        arguments: [
            "", "abc", "a.b", "a.!!!.c", "a." + Base64URL.encode(Array("[1]".utf8)) + ".c",
        ])
    func badIDToken(token: String) {
        #expect(throws: OAuthError.self) { _ = try IDTokenClaims(decoding: token) }
        let credentials = OAuthTokens(accessToken: "a", expiresAt: nil, refreshToken: nil, scopes: [], idToken: token)
        #expect(credentials.idTokenClaims == nil)
    }

    @Test("The emulator's ID token is an unsigned JWT with the configured user")
    func emulatorIDToken() async throws {
        let harness = try EmulatorHarness(configuration: .init(userEmail: "someone@example.org", userSubject: "777"))
        let browser = CurlBrowser(transport: harness.transport)
        let credentials = try await harness.makeClient().authorize(scopes: ["openid", "email"], browser: browser)
        let token = try #require(credentials.idToken)
        let header = try #require(Base64URL.decode(String(token.split(separator: ".")[0])))
        #expect(String(decoding: header, as: UTF8.self).contains("\"none\""))
        #expect(credentials.idTokenClaims?.email == "someone@example.org")
        #expect(credentials.idTokenClaims?.subject == "777")
        #expect(credentials.idTokenClaims?.issuer == "https://accounts.google.com")
    }
}
