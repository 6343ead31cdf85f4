import Foundation
import GoogleAPIRuntime
import GoogleAPITracing
import GoogleDrive
import GoogleHTTP
import InMemoryTracing
import LocalHTTPServer
import Testing
import Tracing

/// Real Drive calls to a server on 127.0.0.1, traced by swift-distributed-tracing's `InMemoryTracer`.
@Suite("GoogleTracingMiddleware: a span per call, attempts inside it, events on the current span")
struct GoogleTracingMiddlewareTests {
    private static func traced(propagate: Bool = false) -> (AuthorizedSession.Configuration, InMemoryTracer) {
        let tracer = InMemoryTracer()
        var configuration = AuthorizedSession.Configuration()
        configuration.trace(with: tracer, propagateContext: propagate)
        return (configuration, tracer)
    }

    private static func string(_ span: FinishedInMemorySpan, _ name: String) -> String? {
        switch span.attributes.get(name) {
        case .string(let value): value
        case .int64(let value): String(value)
        case .int32(let value): String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    @Test(
        "the call's span is named by the method ID; each attempt is a child with HTTP attributes; the retry wait is an event on the call's span"
    )
    func callAttemptsAndRetry() async throws {
        let backend = try DriveBackend([DriveBackend.unavailable])
        let (configuration, tracer) = Self.traced()
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)

        let spans = tracer.finishedSpans
        let call = try #require(spans.first { $0.operationName == "drive.files.list" })
        #expect(call.kind == .client && call.parentSpanID == nil)
        #expect(Self.string(call, "http.response.status_code") == "200" && Self.string(call, "google.attempts") == "2")
        #expect(Self.string(call, "google.method") == "drive.files.list" && Self.string(call, "google.idempotent") == "true")
        #expect(call.status == nil)

        let attempts = spans.filter { $0.parentSpanID == call.spanID }
        #expect(attempts.map(\.operationName) == ["GET", "GET"], "\(spans.map(\.operationName))")
        #expect(attempts.allSatisfy { $0.kind == .client && $0.traceID == call.traceID })
        #expect(attempts.map { Self.string($0, "http.response.status_code") } == ["503", "200"])
        #expect(Self.string(attempts[0], "error.type") == "503" && attempts[0].status?.code == .error)
        #expect(
            Self.string(attempts[1], "http.request.resend_count") == "1" && Self.string(attempts[0], "http.request.resend_count") == nil)
        #expect(Self.string(attempts[0], "server.address") == "127.0.0.1")
        #expect(Self.string(attempts[0], "url.full")?.contains("/drive/v3/files?pageSize=5") == true)

        let retry = try #require(call.events.first { $0.name == "retryScheduled" })
        #expect(retry.attributes.get("google.retry.reason") == .string("503 service unavailable"))
        #expect(retry.attributes.get("google.retry.number") == .int64(1))
        #expect(attempts.allSatisfy { $0.events.isEmpty })
        // Without propagation the server hears nothing of the trace.
        #expect(backend.receivedHeaders.allSatisfy { $0["in-memory-trace-id"] == nil && $0["traceparent"] == nil })
    }

    @Test("a 401: the refresh after it and the new token are events on the call's span, between its two attempts")
    func reauthentication() async throws {
        let backend = try DriveBackend()
        let (configuration, tracer) = Self.traced()
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        backend.oauth.expireAccessTokens()
        _ = try await drive.files.list(pageSize: 5)

        let call = try #require(tracer.finishedSpans.first { $0.operationName == "drive.files.list" })
        #expect(call.events.map(\.name) == ["tokenLoaded", "refreshAfterUnauthorized", "tokenRefreshed"])
        let attempts = tracer.finishedSpans.filter { $0.parentSpanID == call.spanID }
        #expect(attempts.map { Self.string($0, "http.response.status_code") } == ["401", "200"])
        // The re-send after the refresh is the same attempt, authorized again.
        #expect(attempts.allSatisfy { Self.string($0, "http.request.resend_count") == nil })
        let refresh = call.events[1].nanosecondsSinceEpoch
        #expect(attempts[0].endInstant.nanosecondsSinceEpoch <= refresh && refresh <= attempts[1].startInstant.nanosecondsSinceEpoch)
    }

    @Test("with propagation on, each attempt injects its own span context, and the server receives it")
    func propagation() async throws {
        let backend = try DriveBackend([DriveBackend.unavailable])
        let (configuration, tracer) = Self.traced(propagate: true)
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)

        let call = try #require(tracer.finishedSpans.first { $0.operationName == "drive.files.list" })
        let attempts = tracer.finishedSpans.filter { $0.parentSpanID == call.spanID }
        let received = backend.receivedHeaders
        #expect(received.count == 2 && attempts.count == 2)
        #expect(received.map { $0[InMemoryTracer.traceIDKey] } == [call.traceID, call.traceID])
        #expect(received.map { $0[InMemoryTracer.spanIDKey] } == attempts.map(\.spanID))
        // The session's credentials were not touched by the injection.
        #expect(received.allSatisfy { $0["Authorization"]?.hasPrefix("Bearer ") == true })
    }

    @Test("with a W3C tracer the server receives each attempt's traceparent; the session's own headers stay its own")
    func traceparent() async throws {
        let backend = try DriveBackend([DriveBackend.unavailable])
        let tracer = W3CTestTracer()
        var configuration = AuthorizedSession.Configuration()
        configuration.trace(with: tracer, propagateContext: true)
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = try await drive.files.list(pageSize: 5)

        let spans = tracer.recorder.finishedSpans
        let call = try #require(spans.first { $0.operationName == "drive.files.list" })
        let attempts = spans.filter { $0.parentSpanID == call.spanID }
        #expect(call.traceID.count == 32 && attempts.count == 2)
        let received = backend.receivedHeaders.map { $0["traceparent"] }
        #expect(received == attempts.map { "00-\(call.traceID)-\($0.spanID)-01" }, "\(received)")
    }

    @Test("an error status and a thrown error end the call's span as errors; a span opened by the caller is the call's parent")
    func errorsAndParent() async throws {
        let notFound = #"{"error":{"code":404,"message":"File not found: x.","errors":[{"reason":"notFound"}]}}"#
        let backend = try DriveBackend([.json(Data(notFound.utf8), status: 404)])
        let (configuration, tracer) = Self.traced()
        let drive = backend.drive(backend.session(configuration, store: InMemoryTokenStore(backend.credentials())))
        _ = await tracer.withSpan("sync") { _ in
            await #expect(throws: GoogleAPIError.self) { _ = try await drive.files.list(pageSize: 5) }
        }
        let outer = try #require(tracer.finishedSpans.first { $0.operationName == "sync" })
        let call = try #require(tracer.finishedSpans.first { $0.operationName == "drive.files.list" })
        #expect(call.parentSpanID == outer.spanID)
        #expect(call.status?.code == .error && Self.string(call, "error.type") == "404")

        var refusing = configuration
        refusing.retry = .disabled
        refusing.trustedTokenOrigins = [URL(string: "http://127.0.0.1:9/")!]
        let session = AuthorizedSession(apiKey: APIKey("AIzaKEYSECRET"), transport: CurlTransport(), configuration: refusing)
        await #expect(throws: HTTPTransportError.self) {
            _ = try await session.send(GoogleHTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!), idempotent: true, methodID: "test.x")
        }
        let failed = try #require(tracer.finishedSpans.first { $0.operationName == "test.x" })
        #expect(failed.errors.count == 1 && failed.status?.code == .error)
        #expect(Self.string(failed, "error.type") == "connectionRefused")
        let everything = tracer.finishedSpans.map { "\($0.attributes) \($0.status?.message ?? "") \($0.errors.map { "\($0.error)" })" }
        #expect(!everything.joined().contains("AIzaKEYSECRET"))
    }

    @Test("an error quoting a secret is recorded masked")
    func leakyErrorMasked() async throws {
        var (configuration, tracer) = Self.traced()
        configuration.retry = .disabled
        let origin = URL(string: "https://drive.example/")!
        configuration.trustedTokenOrigins = [origin]
        let session = AuthorizedSession(
            apiKey: APIKey("AIzaKEY"), transport: GoogleLoggingMiddlewareTests.LeakyTransport(), configuration: configuration)
        await #expect(throws: GoogleLoggingMiddlewareTests.LeakyError.self) {
            _ = try await session.send(
                GoogleHTTPRequest(url: origin.appendingPathComponent("files")), idempotent: true, methodID: "test.leak")
        }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName).sorted() == ["GET", "test.leak"])
        for span in spans {
            #expect(span.errors.count == 1 && "\(span.errors[0].error)".contains("upstream said"))
            let recorded = "\(span.errors.map(\.error)) \(span.status?.message ?? "")"
            #expect(!recorded.contains("LEAKSECRET"), "\(recorded)")
            #expect(Self.string(span, "error.type") == "LeakyError")
        }
    }
}
