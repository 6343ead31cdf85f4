import Foundation
@_spi(Generated) import GoogleAPIRuntime
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

/// Per-call options through the real transport: what they set reaches the wire, and what they
/// replace (the service's standard parameters, the session's retry policy, the transport's
/// request timeout) is replaced for that call only.
@Suite("APICallOptions: fields, quotaUser, headers, timeout, retry policy per call")
struct APICallOptionsTests {
    private static func getCall(_ id: String, options: APICallOptions = APICallOptions()) -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [TestBackend.scope])
        call.setPath("fileId", id)
        call.options = options
        return call
    }

    @Test func fieldsQuotaUserAndHeadersReachTheWireForThatCallOnly() async throws {
        let hits = Recorder<(target: String, ifMatch: String?, xTest: String?)>()
        let backend = try TestBackend { router, _ in
            router.get("/drive/v3/files/{fileId}") { request, parameters in
                hits.append((request.target, request.headers["If-Match"], request.headers["X-Test"]))
                return .json(Data(#"{"id":"\#(parameters["fileId"] ?? "")"}"#.utf8))
            }
        }
        var client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        client.standardParameters.quotaUser = "service-wide"
        let options = APICallOptions(quotaUser: "user 7", headers: ["If-Match": "\"v1\"", "X-Test": "yes"])
            .withFields(GoogleFieldMask<TestFile>("id,name"))
        _ = try await client.execute(Self.getCall("a", options: options), as: TestFile.self)
        _ = try await client.execute(Self.getCall("b"), as: TestFile.self)
        _ = try await client.execute(
            Self.getCall("c", options: APICallOptions().withFields(GoogleFieldMask<TestFile>("kind"))), as: TestFile.self)

        #expect(
            hits.values.map(\.target) == [
                "/drive/v3/files/a?fields=id%2Cname&quotaUser=user%207&prettyPrint=false",
                "/drive/v3/files/b?quotaUser=service-wide&prettyPrint=false",
                "/drive/v3/files/c?fields=kind&quotaUser=service-wide&prettyPrint=false",
            ])
        #expect(hits.values.map(\.ifMatch) == ["\"v1\"", nil, nil])
        #expect(hits.values.map(\.xTest) == ["yes", nil, nil])
    }

    @Test func perCallRetryPolicyReplacesTheSessionsForThatCall() async throws {
        let hits = Recorder<String>()
        let backend = try TestBackend { router, _ in
            router.get("/drive/v3/files/{fileId}") { request, parameters in
                hits.append(parameters["fileId"] ?? "")
                return .json(Data(#"{"error":{"code":503,"message":"Backend Error"}}"#.utf8), status: 503)
            }
        }
        // The session retries five times in all (`.fastTests` keeps the default `maxAttempts`).
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))

        let disabled = try await #require(throws: GoogleAPIError.self) {
            try await client.execute(Self.getCall("once", options: APICallOptions(retryPolicy: .disabled)), as: TestFile.self)
        }
        #expect(disabled.status == 503)
        #expect(hits.values.filter { $0 == "once" }.count == 1)

        var twice = RetryPolicy.disabled
        twice.maxAttempts = 2
        twice.baseDelay = .milliseconds(1)
        await #expect(throws: GoogleAPIError.self) {
            try await client.execute(Self.getCall("twice", options: APICallOptions(retryPolicy: twice)), as: TestFile.self)
        }
        #expect(hits.values.filter { $0 == "twice" }.count == 2)

        await #expect(throws: GoogleAPIError.self) { try await client.execute(Self.getCall("session"), as: TestFile.self) }
        #expect(hits.values.filter { $0 == "session" }.count == 5)
    }

    @Test func perCallTimeoutReachesTheTransport() async throws {
        // The handler answers only when the test opens the gate, which it does after the call
        // failed: the outcome cannot depend on how fast a loaded machine runs.
        let gate = Gate()
        let backend = try TestBackend { router, _ in
            router.get("/drive/v3/files/{fileId}") { _, _ in
                await gate.wait()
                return .json(Data(#"{"id":"late"}"#.utf8))
            }
        }
        defer { gate.open() }
        // The transport's own limit is ten minutes: a per-call timeout that did not reach it
        // would fail the same way, but only after those (the bound below is half of that, so a
        // test process that gets no thread for a minute under load still passes).
        let transport = CurlTransport(configuration: .init(timeouts: HTTPTimeouts(request: .seconds(600))))
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials()), transport: transport))
        let options = APICallOptions(timeout: .milliseconds(500), retryPolicy: .disabled)
        let started = ContinuousClock.now
        let error = try await #require(throws: HTTPTransportError.self) {
            try await client.execute(Self.getCall("slow", options: options), as: TestFile.self)
        }
        #expect(error.kind == .requestTimeout)
        #expect(ContinuousClock.now - started < .seconds(300))
        #expect(gate.entered == 1)
    }

    @Test func optionsHelpers() {
        #expect(APICallOptions.ifNoneMatch("\"e\"").headers["If-None-Match"] == "\"e\"")
        #expect(APICallOptions.ifMatch("\"e\"").headers["If-Match"] == "\"e\"")
        let options = APICallOptions(quotaUser: "q").withFields(GoogleFieldMask<TestFile>("id"))
        #expect(options.withFields(GoogleFieldMask<TestFile>?.none).fields == options.fields)
        #expect(options.fields == "id")
        let named = options.withFields(GoogleFieldMask<TestFile>("name"))
        #expect(named.fields == "name" && named.quotaUser == "q")
    }
}

/// ETags and 304 against the emulator's Drive `files.get`.
@Suite("APIResponse and conditional requests")
struct ConditionalRequestTests {
    @Test func etagIsReturnedAndAMatchingIfNoneMatchIsATypedNotModified() async throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        defer { emulator.stop() }
        let client = GoogleEmulatorEndToEndTests.makeClient(emulator)
        var create = APICall(method: .post, path: "files", scopes: [TestBackend.scope])
        create.setBody(TestFile(name: "tagged.txt"))
        let created = try await client.execute(create, as: TestFile.self)
        let id = try #require(created.id)
        var get = APICall(method: .get, path: "files/{fileId}", scopes: [TestBackend.scope])
        get.setPath("fileId", id)

        let first = try await client.response(TypedAPICall(get, as: TestFile.self))
        #expect(first.status == 200 && first.value.name == "tagged.txt")
        let etag = try #require(first.etag)

        var conditional = get
        conditional.options = .ifNoneMatch(etag)
        let notModified = try await #require(throws: GoogleAPIError.self) {
            try await client.response(TypedAPICall(conditional, as: TestFile.self))
        }
        #expect(notModified.isNotModified && notModified.etag == etag)
        // The same through the plain call.
        let plain = try await #require(throws: GoogleAPIError.self) { try await client.execute(conditional, as: TestFile.self) }
        #expect(plain.isNotModified)

        // Another representation (a field mask) or a changed file has another tag.
        conditional.options.fields = "id"
        let masked = try await client.response(TypedAPICall(conditional, as: TestFile.self))
        #expect(masked.value.id == id && masked.etag != etag)
        var rename = APICall(method: .patch, path: "files/{fileId}", scopes: [TestBackend.scope])
        rename.setPath("fileId", id)
        rename.setBody(TestFile(name: "renamed.txt"))
        try await client.execute(rename)
        conditional.options = .ifNoneMatch(etag)
        let changed = try await client.response(TypedAPICall(conditional, as: TestFile.self))
        #expect(changed.value.name == "renamed.txt" && changed.etag != etag)
    }
}
