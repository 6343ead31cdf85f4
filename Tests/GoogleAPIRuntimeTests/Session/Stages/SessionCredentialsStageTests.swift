import Foundation
import Synchronization
import TestSupport
import Testing

@testable import GoogleAPIRuntime

/// The credentials stage with an in-memory transport: the token (or key) on each attempt, one
/// refresh after a 401, and cancellation while waiting for a token.
@Suite("SessionCredentialsStage: token, API key, one refresh after a 401, cancellation")
struct SessionCredentialsStageTests {
    private static let context = GoogleRequestContext(methodID: "test.call", idempotent: true)

    private static func send(
        _ session: AuthorizedSession, _ transport: InMemoryTransport, request: GoogleHTTPRequest = GoogleHTTPRequest(url: stageURL)
    ) async throws -> SessionAttempt<GoogleHTTPResponse> {
        try await SessionCredentialsStage(session: session).send(request, context: Self.context) { authorized in
            let response = try await transport.send(authorized)
            return SessionAttempt(head: response.head, value: response) { response.body }
        }
    }

    @Test("a 401 refreshes the token once and sends the same attempt again with the new token; a second 401 is the answer")
    func oneRefreshAfterUnauthorized() async throws {
        let transport = InMemoryTransport(statuses: [(401, [:], ""), (401, [:], ""), (401, [:], "")])
        let credentials = CountingCredentials()
        let events = Recorder<GoogleSessionEvent>()
        let session = stageSession(transport, credentials: credentials) { $0.observers = [.events { events.append($0) }] }
        let outcome = try await Self.send(session, transport)
        #expect(outcome.head.status == 401)
        #expect(transport.requests.values.map { $0.headers["Authorization"] } == ["Bearer tok-1", "Bearer tok-2"])
        #expect(credentials.count == 2)
        #expect(events.values.map(\.kind) == [.tokenRefreshed, .refreshAfterUnauthorized, .tokenRefreshed])
        #expect(events.values[1].context == Self.context)
    }

    @Test("an API-key session sends the key and never asks for a token, even after a 401")
    func apiKey() async throws {
        let transport = InMemoryTransport(statuses: [(401, [:], "")])
        let outcome = try await Self.send(stageSession(transport, credentials: nil), transport)
        #expect(outcome.head.status == 401)
        #expect(transport.requests.count == 1)
        #expect(transport.requests.values[0].headers["x-goog-api-key"] == "AIzaTESTKEY")
        #expect(transport.requests.values[0].headers["Authorization"] == nil)
    }

    @Test("a body that cannot be sent again ends the call after the refresh")
    func unreplayableBody() async throws {
        let transport = InMemoryTransport(statuses: [(401, [:], "")])
        let session = stageSession(transport)
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("x".utf8))
            continuation.finish()
        }
        let body = HTTPRequestBody.stream(HTTPBodyStream(chunks), length: 1)
        await #expect(throws: OAuthError.self) {
            _ = try await Self.send(session, transport, request: GoogleHTTPRequest(method: .post, url: stageURL, body: body))
        }
        #expect(transport.requests.count == 1)
    }

    @Test("a call cancelled while its token is being fetched ends with CancellationError and sends nothing")
    func cancelledWhileFetchingTheToken() async throws {
        let transport = InMemoryTransport(statuses: [])
        let credentials = CountingCredentials(holds: true)
        let session = stageSession(transport, credentials: credentials)
        let task = Task { try await Self.send(session, transport) }
        #expect(await waitUntil(.seconds(120)) { credentials.count == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(transport.requests.count == 0)
    }
}
