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
        /// Returns the redirect moved to another URL (same query), as a broken user agent might.
        case elsewhere(String)
    }

    /// Loads the authorization URL without following redirects and returns `Location`, as the
    /// system sheet returns the callback URL; records each call.
    final class FakeUserAgent: AuthorizationUserAgent {
        let transport: any HTTPTransport
        let behaviour: Behaviour
        let calls = Mutex<[(url: URL, redirect: AppRedirect)]>([])

        init(transport: any HTTPTransport, behaviour: Behaviour = .signIn) {
            self.transport = transport
            self.behaviour = behaviour
        }

        func authorize(_ url: URL, redirect: AppRedirect) async throws -> URL {
            calls.withLock { $0.append((url, redirect)) }
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
            if case .elsewhere(let base) = behaviour, let query = callback.query, let moved = URL(string: base + "?" + query) {
                callback = moved
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
        #expect(call.redirect.kind == .customScheme("com.googleusercontent.apps.test-ios-client"))
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

    static let claimedRedirect = "https://app.example.com/oauth2redirect"

    /// An emulator whose iOS client also has a claimed https redirect (a universal link).
    static func claimedHarness() throws -> EmulatorHarness {
        var client = OAuthEmulator.Client.testIOSClient
        client.redirectURIs.append(.exact(claimedRedirect))
        return try EmulatorHarness(configuration: OAuthEmulator.Configuration(clients: [.testDesktopClient, client]))
    }

    @Test("a claimed https redirect: the user agent waits for its host and path, the callback is checked, tokens stored")
    func claimedHTTPSRedirect() async throws {
        let harness = try Self.claimedHarness()
        let configuration = OAuthClientConfiguration.iOS(
            clientID: OAuthEmulator.Client.testIOSClient.id, redirectURI: Self.claimedRedirect,
            endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL))
        let agent = FakeUserAgent(transport: harness.transport)
        let store = InMemoryTokenStore()
        let tokens = try await harness.makeClient(configuration: configuration).authorize(scopes: ["email"], userAgent: agent, store: store)
        #expect(try await store.load()?.accessToken == tokens.accessToken)
        let call = try #require(agent.calls.withLock { $0.first })
        #expect(call.redirect.kind == .https(host: "app.example.com", path: "/oauth2redirect"))
        #expect(call.redirect.scheme == "https")
    }

    @Test(
        "a callback that is not at the redirect is .callbackMismatch: nothing exchanged or stored",
        arguments: [
            "https://evil.example.com/oauth2redirect", "https://app.example.com/other", "http://app.example.com/oauth2redirect",
            "com.googleusercontent.apps.test-ios-client:/oauth2redirect",
        ])
    func callbackElsewhere(_ elsewhere: String) async throws {
        let harness = try Self.claimedHarness()
        let configuration = OAuthClientConfiguration.iOS(
            clientID: OAuthEmulator.Client.testIOSClient.id, redirectURI: Self.claimedRedirect,
            endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL))
        let store = InMemoryTokenStore()
        let error = try await #require(throws: OAuthError.self) {
            try await harness.makeClient(configuration: configuration).authorize(
                scopes: ["email"], userAgent: FakeUserAgent(transport: harness.transport, behaviour: .elsewhere(elsewhere)), store: store)
        }
        #expect(error.code == .callbackMismatch)
        #expect("\(error)".contains(Self.claimedRedirect))
        #expect(!"\(error)".contains("code="), "the callback's parameters are never shown")
        #expect(harness.emulator.tokenRequestCount == 0)
        #expect(try await store.load() == nil)
    }

    @Test("an iOS client whose redirect is http or loopback fails before anything opens, naming the client type")
    func loopbackRedirectForIOSClient() async throws {
        let harness = try EmulatorHarness()
        let agent = FakeUserAgent(transport: harness.transport)
        for redirect in ["http://127.0.0.1:8080/", "http://app.example.com/cb", "no-scheme"] {
            let configuration = OAuthClientConfiguration.iOS(
                clientID: OAuthEmulator.Client.testIOSClient.id, redirectURI: redirect,
                endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL))
            let error = try await #require(throws: OAuthError.self) {
                try await harness.makeClient(configuration: configuration).authorize(scopes: ["email"], userAgent: agent, store: nil)
            }
            #expect(error.code == .invalidClientConfiguration)
            #expect("\(error)".contains("Desktop clients"))
            #expect("\(error)".contains("Remedy: Use an OAuth client of the type the flow needs"))
        }
        #expect(agent.calls.withLock { $0.isEmpty })
        #expect(harness.emulator.authorizationRequestCount == 0)
    }

    @Test("a callback with error=access_denied and the right state is .accessDenied, with the cause and remedy")
    func accessDeniedDescription() throws {
        let configuration = OAuthClientConfiguration.iOS(clientID: "1-a.apps.googleusercontent.com")
        let request = AuthorizationRequest(configuration: configuration, scopes: ["email"], redirectURI: configuration.appRedirectURI ?? "")
        let error = try #require(throws: OAuthError.self) {
            try request.authorizationCode(
                from: AuthorizationCallback(
                    callbackString: "com.googleusercontent.apps.1-a:/oauth2redirect?error=access_denied&state=\(request.state)"))
        }
        #expect(error.code == .accessDenied)
        #expect("\(error)".contains("denied"))
        #expect("\(error)".contains("Remedy:"))
    }

    @Test("the sheet's cancel says so and is not a refusal")
    func cancelledDescription() {
        let error = OAuthError(code: .cancelled, reason: "the sign-in sheet was closed before signing in")
        #expect("\(error)".contains("the sign-in sheet was closed"))
        #expect(error.code != .accessDenied)
    }
}
