import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

/// Token sources at their edges (issue 36, points 1, 2, 4 and 5), through the real transport
/// against local servers: tokens no header can carry, oversized answers, clocks, failing endpoints.
@Suite("Token sources at their edges")
struct TokenSourceEdgeTests {
    /// A metadata server at `server`, answering the token path with `answer`.
    static func metadataServer(
        counting count: Counter = Counter(), _ answer: @escaping @Sendable (Int) -> HTTPServerResponse
    ) throws -> LocalHTTPServer {
        try LocalHTTPServer.start { request in
            let number = count.next()
            var response = answer(number)
            response.headers["Metadata-Flavor"] = "Google"
            return response
        }
    }

    /// Counts requests across the server's threads.
    final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int {
            value.withLock {
                $0 += 1
                return $0
            }
        }
        var count: Int { value.withLock { $0 } }
    }

    static func host(_ server: LocalHTTPServer) -> String { "127.0.0.1:\(server.baseURL.port ?? 0)" }

    static func tokenJSON(_ token: String, type: String = "Bearer", expiresIn: Int = 3600) -> HTTPServerResponse {
        .json(Data(#"{"access_token": "\#(token)", "token_type": "\#(type)", "expires_in": \#(expiresIn)}"#.utf8))
    }

    @Test("a metadata token with CR LF is refused where it arrives, naming the metadata host, and never cached")
    func metadataTokenWithLineBreak() async throws {
        let count = Counter()
        let server = try Self.metadataServer(counting: count) { _ in Self.tokenJSON(#"ya29.a\r\nX-Injected: 1"#) }
        defer { server.stop() }
        let session = AuthorizedSession(
            credentials: MetadataServerCredentials(host: Self.host(server)), configuration: .fastTests)
        for _ in 0..<2 {
            await #expect { _ = try await session.accessToken() } throws: { error in
                let error = error as? CredentialsError
                return error?.code == .unusableToken && error?.message.contains("metadata server at \(Self.host(server))") == true
                    && error?.message.contains("control character") == true && !"\(error!)".contains("ya29")
            }
            #expect(session.cachedTokenExpiry == nil)
        }
        // Not cached and not retried: each call asked once.
        #expect(count.count == 2)
    }

    @Test("a service account grant answering token_type MAC or an empty token is refused naming the token URI and the key")
    func serviceAccountTokenOfAnotherType() async throws {
        for (token, type, words) in [("ya29.fine", "MAC", "not Bearer"), ("", "Bearer", "empty")] {
            let server = try LocalHTTPServer.start { _ in Self.tokenJSON(token, type: type) }
            defer { server.stop() }
            let made = try EmulatedServiceAccount.makeForTests(
                email: "robot@p.iam.gserviceaccount.com", tokenURI: server.baseURL.appendingPathComponent("token"))
            let key = try ServiceAccountKey(jsonData: made.keyFile)
            let credentials = ServiceAccountCredentials(key: key, scopes: ["s"], source: "GOOGLE_APPLICATION_CREDENTIALS (/k.json)")
            await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
                let text = "\(error)"
                return (error as? CredentialsError)?.code == .unusableToken && text.contains(words)
                    && text.contains(server.baseURL.appendingPathComponent("token").absoluteString)
                    && text.contains("GOOGLE_APPLICATION_CREDENTIALS (/k.json)")
            }
        }
    }

    /// A provider an app writes, returning whatever it was given.
    struct FixedProvider: CredentialsProvider {
        let token: String
        func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
            AccessToken(value: token, expiresAt: request.now.addingTimeInterval(3600))
        }
        func summary() async -> CredentialsSummary { CredentialsSummary(kind: .other, source: "a test") }
    }

    @Test("a token from an app's own provider gets the same check in the session")
    func ownProviderTokenIsChecked() async throws {
        let session = AuthorizedSession(credentials: FixedProvider(token: "tok en"), configuration: .fastTests)
        await #expect { _ = try await session.accessToken() } throws: { error in
            (error as? CredentialsError)?.code == .unusableToken && "\(error)".contains("FixedProvider") && "\(error)".contains("a space")
        }
        #expect(session.cachedTokenExpiry == nil)
        let good = AuthorizedSession(credentials: FixedProvider(token: "ya29.good"), configuration: .fastTests)
        #expect(try await good.accessToken().value == "ya29.good")
    }

    @Test("a 50 MB whitespace metadata answer is refused at 1 MiB, naming the metadata server")
    func hugeMetadataAnswer() async throws {
        let whitespace = Data(repeating: 0x20, count: 50 << 20)
        let server = try Self.metadataServer { _ in HTTPServerResponse.json(whitespace) }
        defer { server.stop() }
        let credentials = MetadataServerCredentials(host: Self.host(server))
        await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .responseTooLarge && "\(error)".contains("metadata server at \(Self.host(server))")
                && "\(error)".contains("1 MiB")
        }
    }

    @Test("invalid_grant about iat/exp says the clock may be wrong, by how much from the Date header")
    func jwtRefusedForItsTime() async throws {
        // The server's clock, two hours behind this machine's when it answers (not when the test
        // started: a loaded machine may take minutes to get there).
        @Sendable func serverDate() -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: Date().addingTimeInterval(-7200))
        }
        let server = try LocalHTTPServer.start { _ in
            var response = HTTPServerResponse.json(
                Data(
                    #"""
                    {"error": "invalid_grant", "error_description": "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."}
                    """#.utf8), status: 400)
            response.headers["Date"] = serverDate()
            return response
        }
        defer { server.stop() }
        let made = try EmulatedServiceAccount.makeForTests(
            email: "robot@p.iam.gserviceaccount.com", tokenURI: server.baseURL.appendingPathComponent("token"))
        let credentials = ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: ["s"])
        let session = AuthorizedSession(credentials: credentials, configuration: .fastTests)
        await #expect { _ = try await session.accessToken() } throws: { error in
            let error = error as? CredentialsError
            return error?.code == .clockSkew && error?.remedy?.contains("clock may be wrong") == true
                && error?.remedy?.contains("2 h 0 min ahead of the server's") == true
        }
    }

    @Test("a metadata token already expired on arrival names the clock")
    func metadataTokenAlreadyExpired() async throws {
        let server = try Self.metadataServer { _ in Self.tokenJSON("ya29.old", expiresIn: -30) }
        defer { server.stop() }
        await #expect {
            _ = try await MetadataServerCredentials(host: Self.host(server)).accessToken(for: AccessTokenRequest())
        } throws: { error in
            (error as? CredentialsError)?.code == .clockSkew && "\(error)".contains("already expired")
        }
    }

    @Test(
        "500, 502, 503, 504, 408 and 429 from the token endpoint are retried under the session's policy, waits reported",
        arguments: [500, 502, 503, 504, 408, 429])
    func tokenEndpointFailuresAreRetried(status: Int) async throws {
        let count = Mutex(0)
        let server = try LocalHTTPServer.start { _ in
            let number = count.withLock {
                $0 += 1
                return $0
            }
            if number == 1 { return .html("<html>busy</html>", status: status) }
            if number == 2 { return .json(Data(#"{"error": "internal_failure"}"#.utf8), status: status) }
            return Self.tokenJSON("ya29.fresh")
        }
        defer { server.stop() }
        let made = try EmulatedServiceAccount.makeForTests(
            email: "robot@p.iam.gserviceaccount.com", tokenURI: server.baseURL.appendingPathComponent("token"))
        let waits = Mutex<[RetryWait]>([])
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.observers.append(.retryWaits { wait in waits.withLock { $0.append(wait) } })
        let session = AuthorizedSession(
            credentials: ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: ["s"]),
            configuration: configuration)
        #expect(try await session.accessToken().value == "ya29.fresh")
        #expect(count.withLock { $0 } == 3)
        let seen = waits.withLock { $0 }
        #expect(seen.map(\.status) == [status, status])
        #expect(seen.allSatisfy { $0.description.contains("token") && $0.description.contains("\(status)") })
    }

    @Test("a token endpoint's Retry-After sets the wait, capped by the policy")
    func retryAfterIsHonoured() async throws {
        let count = Counter()
        let server = try LocalHTTPServer.start { _ in
            guard count.next() == 1 else { return Self.tokenJSON("ya29.later") }
            var response = HTTPServerResponse.json(Data(#"{"error": "rate_limit_exceeded"}"#.utf8), status: 429)
            response.headers["Retry-After"] = "7"
            return response
        }
        defer { server.stop() }
        let made = try EmulatedServiceAccount.makeForTests(
            email: "robot@p.iam.gserviceaccount.com", tokenURI: server.baseURL.appendingPathComponent("token"))
        let waits = Mutex<[RetryWait]>([])
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry.maxDelay = .seconds(60)
        configuration.observers.append(.retryWaits { wait in waits.withLock { $0.append(wait) } })
        let session = AuthorizedSession(
            credentials: ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: ["s"]),
            configuration: configuration)
        #expect(try await session.accessToken().value == "ya29.later")
        #expect(waits.withLock { $0.map(\.delay) } == [.seconds(7)])
        #expect(waits.withLock { $0.first?.description.contains("429 too many requests") } == true)
    }

    @Test("a 400 or 401 from the token endpoint is not retried; a disabled policy retries nothing")
    func refusalsAreNotRetried() async throws {
        for (status, retry) in [(400, RetryPolicy()), (401, RetryPolicy()), (503, RetryPolicy.disabled)] {
            let count = Mutex(0)
            let server = try LocalHTTPServer.start { _ in
                count.withLock { $0 += 1 }
                return .json(Data(#"{"error": "invalid_client"}"#.utf8), status: status)
            }
            defer { server.stop() }
            let made = try EmulatedServiceAccount.makeForTests(
                email: "robot@p.iam.gserviceaccount.com", tokenURI: server.baseURL.appendingPathComponent("token"))
            var configuration = AuthorizedSession.Configuration.fastTests
            configuration.retry = retry
            configuration.sleep = { _ in }
            let session = AuthorizedSession(
                credentials: ServiceAccountCredentials(key: try ServiceAccountKey(jsonData: made.keyFile), scopes: ["s"]),
                configuration: configuration)
            await #expect(throws: CredentialsError.self) { _ = try await session.accessToken() }
            #expect(count.withLock { $0 } == 1, "status \(status)")
        }
    }

    @Test("the user flow's refresh is retried the same way after a 503 from the token endpoint")
    func userRefreshIsRetried() async throws {
        let count = Mutex(0)
        let server = try LocalHTTPServer.start { _ in
            let number = count.withLock {
                $0 += 1
                return $0
            }
            return number == 1 ? .json(Data(#"{"error": "backend_error"}"#.utf8), status: 503) : Self.tokenJSON("ya29.refreshed")
        }
        defer { server.stop() }
        var endpoints = OAuthEndpoints.google
        endpoints.token = server.baseURL.appendingPathComponent("token")
        let client = OAuthClient(configuration: OAuthClientConfiguration(clientID: "c", clientSecret: "s", endpoints: endpoints))
        let stored = OAuthTokens(accessToken: "ya29.old", expiresAt: .distantPast, refreshToken: "1//r", scopes: ["s"])
        let waits = Mutex(0)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.observers.append(.retryWaits { _ in waits.withLock { $0 += 1 } })
        let session = AuthorizedSession(credentials: InMemoryTokenStore(stored), refresher: client, configuration: configuration)
        #expect(try await session.accessToken().value == "ya29.refreshed")
        #expect(count.withLock { $0 } == 2)
        #expect(waits.withLock { $0 } == 1)
    }

    @Test("an impersonation's source token gets the same check before it goes to IAM Credentials")
    func impersonationSourceIsChecked() async throws {
        let count = Counter()
        let server = try LocalHTTPServer.start { _ in
            _ = count.next()
            return .json(Data(#"{"accessToken": "ya29.imp", "expireTime": "2999-01-01T00:00:00Z"}"#.utf8))
        }
        defer { server.stop() }
        let credentials = ImpersonatedCredentials(
            source: FixedProvider(token: "ya29.src\r\n"), targetPrincipal: "t@p.iam.gserviceaccount.com", scopes: ["s"],
            endpoint: server.baseURL)
        await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
            (error as? CredentialsError)?.code == .unusableToken && "\(error)".contains("source credentials FixedProvider")
        }
        #expect(count.count == 0)
    }

    @Test("an IAM token already expired on arrival is refused as a clock problem, and checked like every token")
    func impersonationAnswers() async throws {
        for (body, code) in [
            (#"{"accessToken": "ya29.imp", "expireTime": "2001-01-01T00:00:00Z"}"#, CredentialsError.Code.clockSkew),
            (#"{"accessToken": "ya29.imp\nX", "expireTime": "2999-01-01T00:00:00Z"}"#, .unusableToken),
        ] {
            let server = try LocalHTTPServer.start { _ in .json(Data(body.utf8)) }
            defer { server.stop() }
            let credentials = ImpersonatedCredentials(
                source: FixedProvider(token: "ya29.source"), targetPrincipal: "t@p.iam.gserviceaccount.com", scopes: ["s"],
                endpoint: server.baseURL)
            await #expect { _ = try await credentials.accessToken(for: AccessTokenRequest()) } throws: { error in
                (error as? CredentialsError)?.code == code && "\(error)".contains("IAM Credentials endpoint")
            }
        }
    }
}
