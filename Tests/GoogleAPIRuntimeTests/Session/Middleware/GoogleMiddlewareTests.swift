import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

/// Call and attempt middleware, set per session and per call, through the real transport to a
/// real server on 127.0.0.1: their order, what they may change, what they can read (nothing
/// secret) and how their own errors end the call.
@Suite("GoogleMiddleware: call and attempt middleware, per session and per call")
struct GoogleMiddlewareTests {
    /// Records what it sees as `name>` on the way in and `<name status` on the way out, and sets
    /// the header `x-<name>` on the request it passes on.
    struct Tracing: GoogleMiddleware {
        let name: String
        let log: Recorder<String>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            log.append("\(name)>\(context.attempt)")
            var request = request
            request.setHeader("x-\(name)", "\(context.methodID ?? "none") \(context.attempt)")
            do {
                let response = try await next(request)
                log.append("<\(name) \(response.status) \(response.attempt)")
                return response
            } catch {
                log.append("<\(name) threw")
                throw error
            }
        }
    }

    /// Answers `/api/echo` with the scripted statuses in order, then 200, recording the
    /// `x-*` headers each request carried.
    private static func backend(_ script: [Int] = [], seen: Recorder<String>) throws -> TestBackend {
        let remaining = Mutex(script)
        return try TestBackend { router, oauth in
            router.add(nil, "/api/echo") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let marks = request.headers.filter { $0.name.lowercased().hasPrefix("x-") && $0.name.lowercased() != "x-goog-api-client" }
                seen.append(marks.map { "\($0.name.lowercased())=\($0.value)" }.sorted().joined(separator: ";"))
                let status: Int? = remaining.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                if let status { return HTTPServerResponse(status: status, headers: [:], body: .data(Data())) }
                return .json(Data(#"{"ok":true}"#.utf8))
            }
        }
    }

    @Test("call middleware runs once around every retry, attempt middleware once per attempt, session's outside the call's")
    func orderAndPlacement() async throws {
        let log = Recorder<String>()
        let seen = Recorder<String>()
        let backend = try Self.backend([503], seen: seen)
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.callMiddleware = [Tracing(name: "sc", log: log)]
        configuration.attemptMiddleware = [Tracing(name: "sa", log: log)]
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
        let response = try await session.send(
            GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/echo")), idempotent: true, methodID: "test.echo",
            callMiddleware: [Tracing(name: "cc", log: log)], attemptMiddleware: [Tracing(name: "ca", log: log)])
        #expect(response.status == 200)
        #expect(
            log.values == [
                "sc>1", "cc>1",
                "sa>1", "ca>1", "<ca 503 1", "<sa 503 1",
                "sa>2", "ca>2", "<ca 200 2", "<sa 200 2",
                "<cc 200 2", "<sc 200 2",
            ])
        // What the call middleware set goes with every attempt; the attempt middleware's names the attempt.
        #expect(
            seen.values == [
                "x-ca=test.echo 1;x-cc=test.echo 1;x-sa=test.echo 1;x-sc=test.echo 1",
                "x-ca=test.echo 2;x-cc=test.echo 1;x-sa=test.echo 2;x-sc=test.echo 1",
            ])
    }

    @Test("a call's options carry its middleware through a service client, with the method ID in the context")
    func perCallThroughAPICallOptions() async throws {
        let log = Recorder<String>()
        let seen = Recorder<String>()
        let backend = try Self.backend(seen: seen)
        let session = backend.session(store: InMemoryTokenStore(backend.credentials()))
        let client = backend.client(session: session, servicePath: "api/")
        var call = APICall(methodID: "test.echo", method: .get, path: "echo", scopes: [])
        call.options = APICallOptions(callMiddleware: [Tracing(name: "c", log: log)], attemptMiddleware: [Tracing(name: "a", log: log)])
        try await client.execute(call)
        #expect(log.values == ["c>1", "a>1", "<a 200 1", "<c 200 1"])
        #expect(seen.values == ["x-a=test.echo 1;x-c=test.echo 1"])
    }

    /// Keeps what a middleware could read of the request and response.
    struct Snooping: GoogleMiddleware {
        let shown: Recorder<String>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            var request = request
            shown.append(
                "\(request.url) \(request.headers) \(request.header("Authorization") ?? "-") \(request.header("x-goog-api-key") ?? "-")")
            shown.append("\(request.serverAddress ?? "-"):\(request.serverPort ?? 0) \(request.scheme ?? "-") \(request.method)")
            // The session's credentials are its own: a middleware cannot replace or remove them.
            request.setHeader("Authorization", "Bearer stolen")
            request.setHeader("X-Goog-Api-Key", nil)
            let response = try await next(request)
            shown.append("\(response.headers) \(response.header("Set-Cookie") ?? "-")")
            return response
        }
    }

    @Test("middleware reads no token, API key, cookie or secret query value, and cannot replace the credentials", arguments: [false, true])
    func middlewareSeesNothingSecret(tokenInQuery: Bool) async throws {
        let shown = Recorder<String>()
        let backend = try TestBackend { router, oauth in
            router.add(nil, "/api/secret") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                return HTTPServerResponse(
                    status: 200, headers: ["Set-Cookie": "SID=COOKIESECRET", "Location": "https://x.example/u?upload_id=UPLOADSECRET"],
                    body: .data(Data("{}".utf8)))
            }
        }
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.tokenPlacement = tokenInQuery ? .queryParameter : .authorizationHeader
        configuration.callMiddleware = [Snooping(shown: shown)]
        configuration.attemptMiddleware = [Snooping(shown: shown)]
        let credentials = backend.credentials()
        let session = backend.session(store: InMemoryTokenStore(credentials), configuration: configuration)
        var components = URLComponents(url: backend.baseURL.appendingPathComponent("api/secret"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "key", value: "AIzaQUERYSECRET"), URLQueryItem(name: "pageSize", value: "5")]
        var request = GoogleHTTPRequest(url: components.url!)
        request.headers["Cookie"] = "SID=REQUESTCOOKIESECRET"
        request.headers["X-Goog-Api-Key"] = "AIzaHEADERSECRET"
        // The server accepted the session's token, not the middleware's.
        #expect(try await session.send(request, idempotent: true).status == 200)
        let text = shown.values.joined(separator: "\n")
        #expect(text.contains("pageSize=5") && text.contains("127.0.0.1:"))
        #expect(shown.values.count == 6)
        for secret in [
            credentials.accessToken, "AIzaQUERYSECRET", "REQUESTCOOKIESECRET", "AIzaHEADERSECRET", "COOKIESECRET", "UPLOADSECRET",
        ] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
        if !tokenInQuery { #expect(text.contains("Bearer REDACTED")) }
    }

    struct Failing: GoogleMiddleware {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "refused with token ya29.MIDDLEWARESECRET" }
        }
        let afterNext: Bool
        let sent: Recorder<Int>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            if afterNext {
                let response = try await next(request)
                sent.append(response.status)
            }
            throw Refusal()
        }
    }

    @Test(
        "a middleware's own error ends the call as GoogleMiddlewareError naming it, before or after next, unretried",
        arguments: [false, true])
    func ownErrorsAreTyped(afterNext: Bool) async throws {
        for level in [GoogleMiddlewareError.Level.call, .attempt] {
            let seen = Recorder<String>()
            let backend = try Self.backend(seen: seen)
            let sent = Recorder<Int>()
            var configuration = AuthorizedSession.Configuration.fastTests
            if level == .call {
                configuration.callMiddleware = [Failing(afterNext: afterNext, sent: sent)]
            } else {
                configuration.attemptMiddleware = [Failing(afterNext: afterNext, sent: sent)]
            }
            let session = backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration)
            let error = await #expect(throws: GoogleMiddlewareError.self) {
                _ = try await session.send(GoogleHTTPRequest(url: backend.baseURL.appendingPathComponent("api/echo")), idempotent: true)
            }
            #expect(error?.level == level)
            #expect(error?.failure == .threw)
            #expect(error?.middleware == "Failing")
            #expect(error?.underlying is Failing.Refusal)
            #expect(error?.description.hasPrefix("\(level.rawValue) middleware Failing threw: refused") == true)
            #expect(error?.description.contains("MIDDLEWARESECRET") == false)
            // Sent once when the middleware let it through, never when it refused first; never retried.
            #expect(seen.count == (afterNext ? 1 : 0))
            #expect(sent.values == (afterNext ? [200] : []))
        }
    }

    @Test("an error next throws passes through a middleware unchanged, and is retried like any")
    func errorsFromNextPassThrough() async throws {
        let log = Recorder<String>()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.retry.maxAttempts = 3
        configuration.trustedTokenOrigins = [URL(string: "http://127.0.0.1:9/")!]
        configuration.callMiddleware = [Tracing(name: "c", log: log)]
        configuration.attemptMiddleware = [Tracing(name: "a", log: log)]
        let session = AuthorizedSession(apiKey: APIKey("AIzaKEY"), transport: CurlTransport(), configuration: configuration)
        // Nothing listens on the discard port: connection refused, a transport error that is not retried.
        let error = await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!), idempotent: true)
        }
        #expect(error?.kind == .connectionRefused)
        #expect(log.values.first == "c>1" && log.values.last == "<c threw")
        #expect(log.values.filter { $0 == "<a threw" }.count == log.values.filter { $0.hasPrefix("a>") }.count)
    }
}
