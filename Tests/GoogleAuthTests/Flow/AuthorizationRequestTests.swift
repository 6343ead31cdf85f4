import Foundation
import GoogleAuth
import Testing

@Suite("Authorization request URL and callback parsing")
struct AuthorizationRequestTests {
    let configuration = OAuthClientConfiguration(
        clientID: "123.apps.googleusercontent.com", clientSecret: "s3cret",
        endpoints: OAuthEndpoints(authorization: URL(string: "http://127.0.0.1:9/o/oauth2/v2/auth")!))

    @Test("Every parameter from Google's guide is present and encoded")
    func parameters() throws {
        let options = AuthorizationOptions(
            loginHint: "user+test@example.com", accessType: .offline, prompt: [.consent, .selectAccount],
            includeGrantedScopes: true)
        let request = AuthorizationRequest(
            configuration: configuration, scopes: ["openid", "https://www.googleapis.com/auth/drive.file"],
            redirectURI: "http://127.0.0.1:5000/", options: options)
        let url = request.url.absoluteString
        #expect(url.hasPrefix("http://127.0.0.1:9/o/oauth2/v2/auth?"))
        let query = queryParameters(url)
        #expect(query["client_id"] == "123.apps.googleusercontent.com")
        #expect(query["redirect_uri"] == "http://127.0.0.1:5000/")
        #expect(query["response_type"] == "code")
        #expect(query["scope"] == "openid https://www.googleapis.com/auth/drive.file")
        #expect(query["code_challenge"] == request.pkce.challenge)
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["state"] == request.state)
        #expect(query["login_hint"] == "user+test@example.com")
        #expect(query["access_type"] == "offline")
        #expect(query["prompt"] == "consent select_account")
        #expect(query["include_granted_scopes"] == "true")
        #expect(query["client_secret"] == nil)
        #expect(url.contains("scope=openid%20https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fdrive.file"))
        #expect(url.contains("login_hint=user%2Btest%40example.com"))
        #expect(!url.contains("s3cret"))
        #expect(request.state.count >= 43, "state carries at least 256 bits")
    }

    @Test("Optional parameters are omitted by default; state and PKCE differ per request")
    func defaults() {
        let first = AuthorizationRequest(configuration: configuration, scopes: ["email"], redirectURI: "http://127.0.0.1:1/")
        let second = AuthorizationRequest(configuration: configuration, scopes: ["email"], redirectURI: "http://127.0.0.1:1/")
        let query = queryParameters(first.url.absoluteString)
        for absent in ["login_hint", "access_type", "prompt", "include_granted_scopes"] {
            #expect(query[absent] == nil)
        }
        #expect(first.state != second.state)
        #expect(first.pkce.verifier != second.pkce.verifier)
    }

    @Test("Custom-scheme callback URLs parse; state is checked before the code")
    func customSchemeCallback() throws {
        let request = AuthorizationRequest(
            configuration: configuration, scopes: ["email"], redirectURI: "com.googleusercontent.apps.123:/oauth2redirect")
        let good = "com.googleusercontent.apps.123:/oauth2redirect?state=\(request.state)&code=4%2F0Adeu5B&scope=email"
        let callback = AuthorizationCallback(callbackString: good)
        #expect(try request.authorizationCode(from: callback) == "4/0Adeu5B")
        #expect(callback.scope == "email")
        let viaURL = try #require(URL(string: good))
        #expect(try request.authorizationCode(from: AuthorizationCallback(url: viaURL)) == "4/0Adeu5B")

        let forged = AuthorizationCallback(callbackString: "com.googleusercontent.apps.123:/oauth2redirect?state=evil&code=abc")
        #expect(throws: OAuthError(code: .stateMismatch)) { try request.authorizationCode(from: forged) }
        let missingState = AuthorizationCallback(code: "abc")
        #expect(throws: OAuthError(code: .stateMismatch)) { try request.authorizationCode(from: missingState) }
        let denied = AuthorizationCallback(callbackString: "x:/cb?error=access_denied&state=\(request.state)")
        #expect(throws: OAuthError.accessDenied(description: nil)) { try request.authorizationCode(from: denied) }
        let forgedError = AuthorizationCallback(callbackString: "x:/cb?error=access_denied&state=nope")
        #expect(throws: OAuthError(code: .stateMismatch)) { try request.authorizationCode(from: forgedError) }
        let empty = AuthorizationCallback(state: request.state)
        #expect(throws: OAuthError(code: .missingAuthorizationCode)) { try request.authorizationCode(from: empty) }
    }

    @Test(
        "Every Google error code maps to a typed error with meaning and remedy",
        arguments: [
            "access_denied", "admin_policy_enforced", "disallowed_useragent", "org_internal", "deleted_client",
            "invalid_grant", "redirect_uri_mismatch", "invalid_request", "invalid_client", "unauthorized_client",
            "invalid_scope", "expired_token", "invalid_token",
        ])
    func errorCodes(code: String) {
        let error = OAuthError(code: code, description: "details")
        #expect(error.oauthErrorCode == code)
        #expect(!error.meaning.isEmpty && !error.remedy.isEmpty)
        #expect(error.description.contains(code))
        #expect(error.isInvalidGrant == (code == "invalid_grant"))
        #expect(OAuthError.Code(rawValue: code).description == code)
    }

    @Test("Unknown codes are kept; control characters in descriptions are neutralised")
    func unknownCode() {
        let error = OAuthError(code: "weird_error", description: "line1\nline2\u{7}")
        #expect(error == .server(code: "weird_error", description: "line1 line2 "))
        #expect(!error.description.contains("\n"))
    }
}
