import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Testing

// MARK: - OAuthEmulatorClientTypeTests

/// The emulator refuses redirects by client type as Google does, over real HTTP: an iOS client
/// only its registered redirects with PKCE and no secret, a Desktop client only loopback. Each
/// refusal is Google's error page (status 400, "Error 400: <code>"), never a redirect to the
/// refused URI.
@Suite("OAuthEmulator client types (Desktop, iOS) refuse as Google does")
struct OAuthEmulatorClientTypeTests {
    static let iOSRedirect = "com.googleusercontent.apps.test-ios-client:/oauth2redirect"

    /// One authorization request and what Google answers it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var client: OAuthEmulator.Client
        var redirectURI: String
        var pkce = true
        /// `nil`: the request is accepted (a 302 to the redirect).
        var refusal: String?

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "iOS + its reversed-client-ID scheme", client: .testIOSClient, redirectURI: iOSRedirect),
        Case(name: "iOS + loopback", client: .testIOSClient, redirectURI: "http://127.0.0.1:8080/", refusal: "invalid_request"),
        Case(name: "iOS + localhost loopback", client: .testIOSClient, redirectURI: "http://localhost:8080/", refusal: "invalid_request"),
        Case(name: "iOS without PKCE", client: .testIOSClient, redirectURI: iOSRedirect, pkce: false, refusal: "invalid_request"),
        Case(
            name: "iOS + a scheme not its own", client: .testIOSClient, redirectURI: "com.example.app:/oauth2redirect",
            refusal: "redirect_uri_mismatch"),
        Case(
            name: "iOS + an unclaimed https URL", client: .testIOSClient, redirectURI: "https://app.example.com/oauth2redirect",
            refusal: "redirect_uri_mismatch"),
        Case(name: "Desktop + loopback", client: .testDesktopClient, redirectURI: "http://127.0.0.1:8080/"),
        Case(name: "Desktop + [::1] loopback", client: .testDesktopClient, redirectURI: "http://[::1]:8080/"),
        Case(
            name: "Desktop + a reversed-client-ID scheme", client: .testDesktopClient,
            redirectURI: "com.googleusercontent.apps.test-client:/oauth2redirect", refusal: "invalid_request"),
        Case(
            name: "Desktop + another custom scheme", client: .testDesktopClient, redirectURI: "com.example.app:/cb",
            refusal: "invalid_request"),
        Case(
            name: "Desktop + an https URL", client: .testDesktopClient, redirectURI: "https://app.example.com/cb",
            refusal: "redirect_uri_mismatch"),
    ]

    @Test("authorization endpoint, per client type and redirect", arguments: cases)
    func authorization(_ example: Case) async throws {
        let harness = try EmulatorHarness()
        var items = [
            ("client_id", example.client.id), ("redirect_uri", example.redirectURI), ("response_type", "code"),
            ("scope", "email"), ("state", "s"),
        ]
        if example.pkce { items += [("code_challenge", String(repeating: "a", count: 43)), ("code_challenge_method", "S256")] }
        let query = items.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }.joined(separator: "&")
        let url = try #require(URL(string: harness.baseURL.appendingPathComponent("o/oauth2/v2/auth").absoluteString + "?" + query))
        let response = try await harness.transport.send(GoogleHTTPRequest(url: url))
        let page = String(decoding: response.body, as: UTF8.self)
        guard let refusal = example.refusal else {
            #expect(response.status == 302)
            #expect(response.headers["Location"]?.hasPrefix(example.redirectURI + "?") == true)
            return
        }
        #expect(response.status == 400)
        #expect(response.headers["Location"] == nil, "a refused redirect URI is never redirected to")
        #expect(page.contains("Access blocked: Authorization Error"))
        #expect(page.contains("Error 400: \(refusal)"))
    }

    @Test("the refusal names what the client type needs")
    func refusalSaysWhy() async throws {
        let harness = try EmulatorHarness()
        func page(_ client: OAuthEmulator.Client, _ redirect: String) async throws -> String {
            let request = AuthorizationRequest(
                configuration: OAuthClientConfiguration(clientID: client.id, endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL)),
                scopes: ["email"], redirectURI: redirect)
            return String(decoding: try await harness.transport.send(GoogleHTTPRequest(url: request.url)).body, as: UTF8.self)
        }
        #expect(try await page(.testIOSClient, "http://127.0.0.1:1/").contains("blocked for iOS clients"))
        #expect(try await page(.testDesktopClient, "com.example.app:/cb").contains("not supported for Desktop clients"))
        let mismatch = try await page(.testIOSClient, "https://x.example/<script>")
        #expect(mismatch.contains("not registered for this client"))
        #expect(!mismatch.contains("<script>"), "the requester's URI is escaped in the page")
    }

    @Test("token endpoint: an iOS client that sends a secret is invalid_client; without one it exchanges")
    func iOSClientSecret() async throws {
        let harness = try EmulatorHarness()
        let endpoints = OAuthEndpoints(emulatorBaseURL: harness.baseURL)
        func exchange(secret: String?) async throws -> OAuthTokens {
            var configuration = OAuthClientConfiguration.iOS(clientID: OAuthEmulator.Client.testIOSClient.id, endpoints: endpoints)
            configuration.clientSecret = secret
            let client = harness.makeClient(configuration: configuration)
            let request = client.makeAuthorizationRequest(scopes: ["email"], redirectURI: Self.iOSRedirect)
            let response = try await harness.transport.send(GoogleHTTPRequest(url: request.url))
            let location = try #require(response.headers["Location"])
            return try await client.completeAuthorization(request, callbackURL: try #require(URL(string: location)))
        }
        let error = try await #require(throws: OAuthError.self) { try await exchange(secret: "leaked-web-secret") }
        #expect(error.code == .invalidClient)
        #expect(error.status == 401)
        #expect(try await exchange(secret: nil).accessToken.hasPrefix("ya29."))
    }
}
