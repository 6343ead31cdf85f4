import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

// MARK: - AppSignInFlowTests

/// The app sign-in of an iOS-type client, end to end against the emulator with a fake user agent
/// standing in for `ASWebAuthenticationSession`: it loads the authorization URL as the sheet would
/// and hands back where the emulator redirected (the app's custom scheme), or acts out a person
/// who closes the sheet.
@Suite("App sign-in (iOS-type client, fake user agent, emulator)")
struct AppSignInFlowTests {
    /// What the fake user agent does with the page.
    enum Behaviour: Sendable {
        /// Follows the sign-in and returns the redirect.
        case signIn
        /// Closes the sheet.
        case cancel
        /// Returns the redirect with its `state` replaced (a forged callback).
        case tamperState
    }

    /// Loads the authorization URL without following redirects and returns `Location`, as the
    /// system sheet returns the callback URL; records each call.
    final class FakeUserAgent: AuthorizationUserAgent {
        let transport: any HTTPTransport
        let behaviour: Behaviour
        let calls = Mutex<[(url: URL, scheme: String)]>([])

        init(transport: any HTTPTransport, behaviour: Behaviour = .signIn) {
            self.transport = transport
            self.behaviour = behaviour
        }

        func authorize(_ url: URL, callbackScheme: String) async throws -> URL {
            calls.withLock { $0.append((url, callbackScheme)) }
            if case .cancel = behaviour { throw OAuthError(code: .cancelled, reason: "the sign-in sheet was closed before signing in") }
            let response = try await transport.send(GoogleHTTPRequest(url: url))
            guard let location = response.headers["Location"], var callback = URL(string: location) else {
                throw OAuthError(
                    code: .unexpectedResponse, reason: "status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
            }
            if case .tamperState = behaviour,
                var components = URLComponents(url: callback, resolvingAgainstBaseURL: false)
            {
                components.queryItems = components.queryItems?.map {
                    $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0
                }
                callback = components.url ?? callback
            }
            return callback
        }
    }

    static func iOSConfiguration(_ harness: EmulatorHarness) -> OAuthClientConfiguration {
        .iOS(clientID: OAuthEmulator.Client.testIOSClient.id, endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL))
    }

    @Test("an iOS client signs in: reversed-client-ID redirect, PKCE, no secret, tokens stored")
    func signIn() async throws {
        let harness = try EmulatorHarness()
        let configuration = Self.iOSConfiguration(harness)
        #expect(configuration.clientSecret == nil)
        #expect(configuration.appRedirectURI == "com.googleusercontent.apps.test-ios-client:/oauth2redirect")
        let client = harness.makeClient(configuration: configuration)
        let agent = FakeUserAgent(transport: harness.transport)
        let store = InMemoryTokenStore()
        let tokens = try await client.authorize(scopes: ["openid", "email"], userAgent: agent, store: store)
        #expect(tokens.accessToken.hasPrefix("ya29."))
        #expect(try await store.load()?.accessToken == tokens.accessToken)
        let call = try #require(agent.calls.withLock { $0.first })
        #expect(call.scheme == "com.googleusercontent.apps.test-ios-client")
        let query = URLComponents(url: call.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.contains { $0.name == "code_challenge_method" && $0.value == "S256" })
        #expect(query.contains { $0.name == "redirect_uri" && $0.value == configuration.appRedirectURI })
    }

    @Test("closing the sheet is .cancelled, not a refusal, and nothing is stored")
    func cancelled() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient(configuration: Self.iOSConfiguration(harness))
        let store = InMemoryTokenStore()
        let error = try await #require(throws: OAuthError.self) {
            try await client.authorize(
                scopes: ["email"], userAgent: FakeUserAgent(transport: harness.transport, behaviour: .cancel), store: store)
        }
        #expect(error.code == .cancelled)
        #expect(error.code != .accessDenied)
        #expect(try await store.load() == nil)
        #expect(harness.emulator.tokenRequestCount == 0)
    }

    @Test("a refusal in the sheet is .accessDenied, and nothing is stored")
    func refused() async throws {
        let harness = try EmulatorHarness(configuration: OAuthEmulator.Configuration(consent: .deny))
        let client = harness.makeClient(configuration: Self.iOSConfiguration(harness))
        let store = InMemoryTokenStore()
        let error = try await #require(throws: OAuthError.self) {
            try await client.authorize(scopes: ["email"], userAgent: FakeUserAgent(transport: harness.transport), store: store)
        }
        #expect(error.code == .accessDenied)
        #expect(try await store.load() == nil)
    }

    @Test("a callback with the wrong state is refused before the code is exchanged")
    func forgedState() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient(configuration: Self.iOSConfiguration(harness))
        let store = InMemoryTokenStore()
        let error = try await #require(throws: OAuthError.self) {
            try await client.authorize(
                scopes: ["email"], userAgent: FakeUserAgent(transport: harness.transport, behaviour: .tamperState), store: store)
        }
        #expect(error.code == .stateMismatch)
        #expect(harness.emulator.tokenRequestCount == 0)
        #expect(try await store.load() == nil)
    }

    @Test("a Desktop client in the app sign-in, or an iOS client in the loopback one, fails before anything opens")
    func wrongClientType() async throws {
        let harness = try EmulatorHarness()
        let agent = FakeUserAgent(transport: harness.transport)
        let desktop = harness.makeClient()
        let appError = try await #require(throws: OAuthError.self) {
            try await desktop.authorize(scopes: ["email"], userAgent: agent, store: nil)
        }
        #expect(appError.code == .invalidClientConfiguration)
        #expect("\(appError)".contains("iOS-type"))
        #expect(agent.calls.withLock { $0.isEmpty })

        let iOS = harness.makeClient(configuration: Self.iOSConfiguration(harness))
        let browser = CurlBrowser(transport: harness.transport)
        let loopbackError = try await #require(throws: OAuthError.self) {
            try await iOS.authorize(scopes: ["email"], browser: browser)
        }
        #expect(loopbackError.code == .invalidClientConfiguration)
        #expect("\(loopbackError)".contains("Desktop-type"))
        #expect(browser.recorded.isEmpty)
        #expect(harness.emulator.authorizationRequestCount == 0)
    }

    @Test("the emulator refuses by client type like Google: loopback for iOS, no PKCE for iOS, a custom scheme not registered")
    func emulatorRefusals() async throws {
        let harness = try EmulatorHarness()
        let iOSClient = OAuthEmulator.Client.testIOSClient
        func page(_ redirect: String, pkce: Bool = true, client: String = iOSClient.id) async throws -> (Int, String) {
            var components = URLComponents(url: harness.baseURL.appendingPathComponent("o/oauth2/v2/auth"), resolvingAgainstBaseURL: false)!
            var items = [
                URLQueryItem(name: "client_id", value: client), URLQueryItem(name: "redirect_uri", value: redirect),
                URLQueryItem(name: "response_type", value: "code"), URLQueryItem(name: "scope", value: "email"),
                URLQueryItem(name: "state", value: "s"),
            ]
            if pkce {
                items += [
                    URLQueryItem(name: "code_challenge", value: String(repeating: "a", count: 43)),
                    URLQueryItem(name: "code_challenge_method", value: "S256"),
                ]
            }
            // Every value percent-encoded, as the package's own authorization URL has them.
            components.percentEncodedQuery = items.map {
                "\($0.name)=\($0.value!.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            }
            .joined(separator: "&")
            let response = try await harness.transport.send(GoogleHTTPRequest(url: components.url!))
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        let loopback = try await page("http://127.0.0.1:8080/")
        #expect(loopback.0 == 400)
        #expect(loopback.1.contains("invalid_request"))
        let noPKCE = try await page("com.googleusercontent.apps.test-ios-client:/oauth2redirect", pkce: false)
        #expect(noPKCE.0 == 400)
        #expect(noPKCE.1.contains("invalid_request"))
        let otherScheme = try await page("com.example.app:/oauth2redirect")
        #expect(otherScheme.0 == 400)
        #expect(otherScheme.1.contains("redirect_uri_mismatch"))
        let fine = try await page("com.googleusercontent.apps.test-ios-client:/oauth2redirect")
        #expect(fine.0 == 302)
    }
}
