import Foundation
import GoogleAPIMetrics
import GoogleAPIRuntime
import GoogleAPITracing
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

/// A media download from the package's emulator, traced and measured: its spans and its
/// `http.client.request.duration` end when its body ends (read, failed, abandoned), not when
/// its head arrived.
@Suite("Spans and durations of streamed responses end with their body")
struct StreamedBodyEndTests {
    /// The emulator with a file of `size` bytes, and a Drive client traced and measured.
    private struct Setup {
        let emulator: GoogleEmulator
        let drive: Drive
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let fileID: String

        init(size: Int) async throws {
            emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
            var configuration = AuthorizedSession.Configuration()
            configuration.trace(with: tracer)
            configuration.recordMetrics(to: metrics)
            configuration.retry = .fast
            configuration.trustedTokenOrigins = [emulator.baseURL]
            let tokens = emulator.oauth.issueTokens(scopes: [Drive.Scope.drive])
            let store = InMemoryTokenStore(
                OAuthTokens(
                    accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh,
                    scopes: [Drive.Scope.drive]))
            let client = OAuthEmulator.Client.testDesktopClient
            let refresher = OAuthClient(
                configuration: OAuthClientConfiguration(
                    clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))
            let session = AuthorizedSession(
                credentials: store, refresher: refresher, transport: CurlTransport(), configuration: configuration)
            drive = Drive(session: session, rootURL: emulator.rootURL)
            let payload = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let created = try await drive.files.create(
                media: MediaUpload(.data(payload), contentType: "application/octet-stream"), fields: [.id])
            fileID = try #require(created.id)
        }

        /// The finished spans of `drive.files.get`: the call's, then its attempts'.
        var getSpans: [FinishedInMemorySpan] {
            let spans = tracer.finishedSpans
            guard let call = spans.first(where: { $0.operationName == "drive.files.get" }) else { return [] }
            return [call] + spans.filter { $0.parentSpanID == call.spanID }
        }

        /// The request durations recorded for `drive.files.get`.
        var getDurations: [Int64] {
            metrics.timers(label: GoogleMetricsMiddleware.Name.requestDuration)
                .filter { $0.dimensions.contains { $0 == ("google.method", "drive.files.get") } }
                .flatMap(\.values)
        }
    }

    private static func attribute(_ span: FinishedInMemorySpan, _ name: String) -> SpanAttribute? {
        span.attributes.get(name)
    }

    @Test("a download read to its end: the call's and the attempt's spans and the duration end after its last byte, with its size")
    func readToTheEnd() async throws {
        let size = 2 << 20 + 5
        let setup = try await Setup(size: size)
        defer { setup.emulator.stop() }
        let stream = try await setup.drive.files.getMediaStream(.init(fileId: setup.fileID))
        // The head arrived; the body is still to be read: nothing of the call has ended.
        #expect(setup.getSpans.isEmpty && setup.getDurations.isEmpty)
        var read = 0
        var iterator = stream.makeAsyncIterator()
        while let chunk = try await iterator.next() {
            read += chunk.count
            if read < size { #expect(setup.getSpans.isEmpty) }
        }
        #expect(read == size)
        let spans = setup.getSpans
        #expect(spans.map(\.operationName) == ["drive.files.get", "GET"], "\(setup.tracer.finishedSpans.map(\.operationName))")
        #expect(spans.allSatisfy { Self.attribute($0, "http.response.body.size") == .int64(Int64(size)) && $0.status == nil })
        #expect(setup.getDurations.count == 1)
    }

    @Test("a download its reader leaves part way: the spans end, marked abandoned, and the duration is recorded")
    func abandoned() async throws {
        let setup = try await Setup(size: 4 << 20)
        defer { setup.emulator.stop() }
        do {
            var iterator = try await setup.drive.files.getMediaStream(.init(fileId: setup.fileID)).makeAsyncIterator()
            _ = try await iterator.next()
            #expect(setup.getSpans.isEmpty)
        }
        let spans = setup.getSpans
        #expect(spans.count == 2, "\(setup.tracer.finishedSpans.map(\.operationName))")
        #expect(spans.allSatisfy { Self.attribute($0, "google.response.body.abandoned") == .bool(true) })
        #expect(setup.getDurations.count == 1)
    }

    @Test(
        "a download whose connection fails part way: the first attempt's span fails with the transport's error type, the resumed one completes"
    )
    func failedPartWay() async throws {
        let size = 3 << 20
        let setup = try await Setup(size: size)
        defer { setup.emulator.stop() }
        setup.emulator.faults.enqueue(.dropConnection(afterBytes: 1 << 20), matching: "/drive/v3/files/\(setup.fileID)", method: .get)
        var read = 0
        for try await chunk in try await setup.drive.files.getMediaStream(.init(fileId: setup.fileID)) { read += chunk.count }
        #expect(read == size)
        // Each connection is a call of its own to the middleware: two call spans, each with its attempt.
        let calls = setup.tracer.finishedSpans.filter { $0.operationName == "drive.files.get" }
        #expect(calls.count == 2)
        let failed = try #require(calls.first { $0.status?.code == .error })
        #expect(Self.attribute(failed, "error.type") != nil)
        #expect(calls.contains { $0.status == nil && Self.attribute($0, "http.response.status_code") == .int64(206) })
        let errorTyped = setup.metrics.timers(label: GoogleMetricsMiddleware.Name.requestDuration)
            .filter {
                $0.dimensions.contains { $0.0 == "error.type" } && $0.dimensions.contains { $0 == ("google.method", "drive.files.get") }
            }
        #expect(errorTyped.count == 1, "\(setup.metrics.timers(label: GoogleMetricsMiddleware.Name.requestDuration).map(\.dimensions))")
    }
}
