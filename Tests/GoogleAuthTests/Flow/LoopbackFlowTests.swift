import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import Synchronization
import TestSupport
import Testing

@Suite("Installed-app flow end to end (loopback listener, emulator, curl)")
struct LoopbackFlowTests {
    @Test("Authorize, exchange, decode the ID token; the listener closes afterwards")
    func happyPath() async throws {
        let harness = try EmulatorHarness()
        // The client's clock stands still, so the expiry is checked exactly, however long this
        // task waits for a thread after the exchange.
        let now = Date()
        let client = harness.makeClient(clock: { now })
        let browser = CurlBrowser(transport: harness.transport)
        let scopes = ["openid", "email", TestScopes.driveReadonly]

        // The flow and the check that its listener is closed run on the transport's own thread,
        // one right after the other: back on a loaded cooperative pool this task could wait long
        // enough for a parallel test's server to take the freed port, and answer in its place.
        let (credentials, listenerAnswered) = try await withTaskExecutorPreference(harness.transport.executor) {
            let credentials = try await client.authorize(scopes: scopes, options: .init(loginHint: "user@example.com"), browser: browser)
            let location = browser.recorded.first?.location ?? ""
            let redirectURI = try #require(URL(string: String(location.split(separator: "?").first ?? "")))
            let answer = try? await harness.transport.send(GoogleHTTPRequest(url: redirectURI))
            return (credentials, answer != nil)
        }
        #expect(!listenerAnswered, "the listener still answers once the flow has returned")

        #expect(credentials.accessToken.hasPrefix("ya29."))
        #expect(credentials.refreshToken != nil)
        #expect(credentials.grantedScopes == Set(scopes))
        #expect(credentials.tokenType == "Bearer")
        #expect(credentials.expiresAt == now.addingTimeInterval(3600))
        let claims = try #require(credentials.idTokenClaims)
        #expect(claims.email == "user@example.com")
        #expect(claims.subject == harness.emulator.configuration.userSubject)
        #expect(claims.audience == [OAuthEmulator.Client.testDesktopClient.id])
        #expect(harness.emulator.tokenRequestCount == 1)

        let visit = try #require(browser.recorded.first)
        #expect(visit.authorizationStatus == 302)
        #expect(visit.redirectStatus == 200)
        #expect(visit.redirectPage?.contains("close this browser window") == true)
        let location = try #require(visit.location)
        #expect(location.hasPrefix("http://127.0.0.1:"))
        let redirectURI = try #require(location.split(separator: "?").first)
        #expect(redirectURI.hasSuffix("/"))
        #expect(queryParameters(location)["code"]?.isEmpty == false)

        // The access token works against the emulator's API check.
        let check = harness.emulator.authorize(
            apiRequest(bearer: credentials.accessToken), anyOf: [TestScopes.driveReadonly])
        #expect(check.isAllowed)
    }

    @Test("A forged state is refused with 400, nothing is exchanged, and the flow keeps waiting")
    func stateMismatch() async throws {
        let harness = try EmulatorHarness()
        let browser = CurlBrowser(transport: harness.transport) { location in
            location.replacingOccurrences(of: "state=", with: "state=forged")
        }
        // Only the real redirect could end the wait, and it never comes.
        await #expect(throws: OAuthError.timedOut(after: .seconds(1))) {
            _ = try await harness.makeClient().authorize(scopes: ["email"], options: .init(timeout: .seconds(1)), browser: browser)
        }
        #expect(harness.emulator.tokenRequestCount == 0)
        #expect(browser.recorded.first?.redirectStatus == 400)
        #expect(browser.recorded.first?.redirectPage?.contains("Not this sign-in") == true)
    }

    @Test(
        "An error redirect becomes a typed error and shows the error page",
        arguments: [
            (OAuthEmulator.ConsentBehavior.deny, OAuthError.accessDenied(description: nil)),
            (.error("admin_policy_enforced"), .adminPolicyEnforced(description: nil)),
            (.error("org_internal"), .orgInternal(description: nil)),
        ])
    func errorRedirect(behavior: OAuthEmulator.ConsentBehavior, expected: OAuthError) async throws {
        let harness = try EmulatorHarness(configuration: .init(consent: behavior))
        let browser = CurlBrowser(transport: harness.transport)
        await #expect(throws: expected) {
            _ = try await harness.makeClient().authorize(scopes: ["email"], browser: browser)
        }
        #expect(harness.emulator.tokenRequestCount == 0)
        #expect(browser.recorded.first?.redirectPage?.contains("Authorization failed") == true)
    }

    @Test("No redirect within the timeout ends the flow with .timedOut")
    func timeout() async throws {
        let harness = try EmulatorHarness()
        let captured = Mutex<URL?>(nil)
        let browser = ClosureBrowserOpener { url in captured.withLock { $0 = url } }
        // On the transport's own thread: the task resumes there without waiting for a cooperative
        // thread, so a loaded pool neither stretches the measurement nor leaves time, before the
        // port check, for a parallel test's server to take the freed port.
        let (elapsed, reply) = try await withTaskExecutorPreference(harness.transport.executor) {
            let started = ContinuousClock.now
            await #expect(throws: OAuthError.timedOut(after: .milliseconds(300))) {
                _ = try await harness.makeClient().authorize(
                    scopes: ["email"], options: .init(timeout: .milliseconds(300)), browser: browser)
            }
            let elapsed = ContinuousClock.now - started
            // The listener was released: its port no longer accepts connections.
            let url = try #require(captured.withLock { $0 })
            let redirect = try #require(queryParameters(url.absoluteString)["redirect_uri"])
            let port = try #require(URLComponents(string: redirect)?.port)
            return (elapsed, await RawSocket.exchange(port: port, bytes: Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)))
        }
        // The error says which limit fired; the time only rules out a limit read in the wrong
        // unit (300 s), with a generous margin.
        #expect(elapsed < .seconds(120))
        #expect(
            reply == nil, "the listener still answers after the timeout: \(String(decoding: reply?.prefix(80) ?? Data(), as: UTF8.self))")
    }

    @Test("Cancelling the task ends the flow with .cancelled and releases the listener")
    func cancellation() async throws {
        let harness = try EmulatorHarness()
        let opened = AsyncStream<URL>.makeStream()
        let browser = ClosureBrowserOpener { url in opened.continuation.yield(url) }
        let client = harness.makeClient()
        let task = Task { try await client.authorize(scopes: ["email"], browser: browser) }
        var iterator = opened.stream.makeAsyncIterator()
        let url = try #require(await iterator.next())
        let redirect = try #require(queryParameters(url.absoluteString)["redirect_uri"])
        let port = try #require(URLComponents(string: redirect)?.port)
        task.cancel()
        // The port is checked from the transport's thread right after the flow ends, before a
        // parallel test's server could take the freed port (as it could while this task waited
        // for a cooperative thread).
        let reply = await withTaskExecutorPreference(harness.transport.executor) {
            await #expect(throws: OAuthError(code: .cancelled)) { _ = try await task.value }
            return await RawSocket.exchange(port: port, bytes: Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        }
        #expect(
            reply == nil,
            "the listener still answers after the cancellation: \(String(decoding: reply?.prefix(80) ?? Data(), as: UTF8.self))")
    }

    @Test("Favicon requests, bare requests and garbage do not end the flow")
    func strayRequests() async throws {
        let harness = try EmulatorHarness()
        let results = Mutex<[String]>([])
        let transport = harness.transport
        let browser = CurlBrowser(
            transport: transport,
            beforeRedirect: { target in
                let base = "http://\(target.host ?? "127.0.0.1"):\(target.port ?? 0)"
                let favicon = try await transport.send(GoogleHTTPRequest(url: URL(string: base + "/favicon.ico")!))
                let bare = try await transport.send(GoogleHTTPRequest(url: URL(string: base + "/")!))
                let port = target.port ?? 0
                let garbage = await RawSocket.exchange(port: port, bytes: Array("\u{1}\u{2}GARBAGE \u{ff}\r\n\r\n".utf8)) ?? Data()
                let oversized =
                    await RawSocket.exchange(
                        port: port, bytes: Array(("GET /?" + String(repeating: "x", count: 200_000) + " HTTP/1.1\r\n\r\n").utf8)) ?? Data()
                results.withLock {
                    $0 = [
                        "\(favicon.status)", "\(bare.status)", String(decoding: garbage.prefix(12), as: UTF8.self),
                        String(decoding: oversized.prefix(12), as: UTF8.self),
                    ]
                }
            })
        let credentials = try await harness.makeClient().authorize(scopes: ["email"], browser: browser)
        #expect(!credentials.accessToken.isEmpty)
        let observed = results.withLock { $0 }
        #expect(observed.count == 4)
        #expect(observed.first == "404")
        #expect(observed.dropFirst().first == "400")
        #expect(observed.dropFirst(2).allSatisfy { $0.isEmpty || $0.hasPrefix("HTTP/1.1 4") })
        #expect(harness.emulator.tokenRequestCount == 1)
    }

    @Test("Custom URI scheme (an iOS client): build the request, parse the callback URL, exchange")
    func customScheme() async throws {
        let harness = try EmulatorHarness()
        let client = harness.makeClient(
            configuration: .iOS(
                clientID: OAuthEmulator.Client.testIOSClient.id, endpoints: OAuthEndpoints(emulatorBaseURL: harness.baseURL)))
        let request = client.makeAuthorizationRequest(
            scopes: [TestScopes.driveFile], redirectURI: "com.googleusercontent.apps.test-ios-client:/oauth2redirect")
        let response = try await harness.transport.send(GoogleHTTPRequest(url: request.url))
        #expect(response.status == 302)
        let location = try #require(response.headers["Location"])
        #expect(location.hasPrefix("com.googleusercontent.apps.test-ios-client:/oauth2redirect?"))
        let credentials = try await client.completeAuthorization(request, callbackURL: try #require(URL(string: location)))
        #expect(credentials.hasScope(TestScopes.driveFile))
        #expect(credentials.idToken == nil, "no openid scope, no ID token")
    }

    @Test("The listener binds only to loopback and answers on the redirect path")
    func listenerBinding() async throws {
        let listener = try LoopbackRedirectListener(expectedState: "abc")
        defer { listener.stop() }
        #expect(listener.redirectURI == "http://127.0.0.1:\(listener.port)/")
        #expect(listener.port > 0)
        let reply = await RawSocket.exchange(port: listener.port, bytes: Array("GET /?state=abc&code=xyz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(reply.map { String(decoding: $0, as: UTF8.self) }?.contains("Authorization complete") == true)
        let callback = try await listener.waitForCallback(timeout: .seconds(5))
        #expect(callback.code == "xyz")
    }

    private func apiRequest(bearer: String) -> HTTPServerRequestFactory.Request {
        HTTPServerRequestFactory.make(path: "/drive/v3/files", headers: ["Authorization": "Bearer \(bearer)"])
    }
}
