import Foundation
@_spi(Testing) import GoogleAPIRuntime
import Synchronization

// MARK: - InMemoryTransport

/// A transport answering from a closure, for unit tests of the session's stages only (every
/// other test goes through libcurl to a real server on 127.0.0.1). It records each request as
/// the transport received it.
final class InMemoryTransport: HTTPTransport {
    typealias Handler = @Sendable (_ request: GoogleHTTPRequest, _ index: Int) async throws -> GoogleHTTPResponse
    private let handler: Handler
    let requests = Recorder<GoogleHTTPRequest>()

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Answers the scripted statuses in order (with `headers` and `body` for each), then 200 `{}`.
    convenience init(statuses: [(Int, GoogleHTTPHeaders, String)]) {
        self.init { _, index in
            guard index < statuses.count else { return GoogleHTTPResponse(status: 200, headers: [:], body: Data("{}".utf8)) }
            let (status, headers, body) = statuses[index]
            return GoogleHTTPResponse(status: status, headers: headers, body: Data(body.utf8))
        }
    }

    func send(_ request: GoogleHTTPRequest) async throws -> GoogleHTTPResponse {
        let index = requests.count
        requests.append(request)
        return try await handler(request, index)
    }

    func download(_ request: GoogleHTTPRequest, to file: URL) async throws -> GoogleHTTPResponseHead {
        let response = try await send(request)
        try response.body.write(to: file)
        return response.head
    }

    func stream(_ request: GoogleHTTPRequest) async throws -> HTTPStreamingResponse {
        let response = try await send(request)
        let remaining = Mutex<Data?>(response.body.isEmpty ? nil : response.body)
        return HTTPStreamingResponse(
            head: response.head,
            body: HTTPResponseBody {
                remaining.withLock { value in
                    defer { value = nil }
                    return value
                }
            })
    }
}

// MARK: - CountingCredentials

/// Issues `tok-1`, `tok-2`… one per request for a token, and can hold a request until released
/// (to cancel a call while it waits for its token).
final class CountingCredentials: CredentialsProvider {
    private let issued = Mutex(0)
    private let holds: Bool

    init(holds: Bool = false) {
        self.holds = holds
    }

    var count: Int { issued.withLock { $0 } }

    func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        let number = issued.withLock { value in
            value += 1
            return value
        }
        if holds { try await Task.sleep(for: .seconds(3600)) }
        return AccessToken(value: "tok-\(number)", expiresAt: Date().addingTimeInterval(3600))
    }

    func summary() async -> CredentialsSummary {
        CredentialsSummary(kind: .other, source: "counting test credentials")
    }
}

/// A session over `transport` with `credentials` (or an API key), trusting `https://api.test/`,
/// whose waits are recorded instead of slept.
func stageSession(
    _ transport: InMemoryTransport, credentials: (any CredentialsProvider)? = CountingCredentials(),
    waits: Recorder<Duration> = Recorder(), configure: (inout AuthorizedSession.Configuration) -> Void = { _ in }
) -> AuthorizedSession {
    var configuration = AuthorizedSession.Configuration()
    configuration.trustedTokenOrigins = [URL(string: "https://api.test/")!]
    configuration.retry.maxTotalTime = .seconds(3600)
    configuration.sleep = { waits.append($0) }
    configure(&configuration)
    guard let credentials else {
        return AuthorizedSession(apiKey: APIKey("AIzaTESTKEY"), transport: transport, configuration: configuration)
    }
    return AuthorizedSession(credentials: credentials, transport: transport, configuration: configuration)
}

let stageURL = URL(string: "https://api.test/v1/things")!
