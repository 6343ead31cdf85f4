import Foundation
@_spi(Generated) import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Testing

@Suite("GoogleServiceClient: execute, scopes, errors")
struct GoogleServiceClientTests {
    private static func backend(hits: Recorder<String>) throws -> TestBackend {
        try TestBackend { router, oauth in
            router.get("/drive/v3/files/{fileId}") { request, parameters in
                hits.append(request.target)
                if let denied = requireToken(oauth, request, scopes: [TestBackend.scope]) { return denied }
                switch parameters["fileId"] {
                case "missing":
                    return .json(
                        Data(
                            #"{"error":{"code":404,"message":"File not found: missing.","errors":[{"domain":"global","reason":"notFound","message":"File not found: missing.","locationType":"parameter","location":"fileId"}]}}"#
                                .utf8), status: 404)
                case "proxy":
                    return .html("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502)
                case "garbled":
                    return .json(Data(#"{"id":"garbled","size":"12x"}"#.utf8))
                default:
                    return .json(
                        Data(
                            #"{"kind":"drive#file","id":"\#(parameters["fileId"] ?? "")","size":"42","createdTime":"2024-01-01T00:00:00.000Z"}"#
                                .utf8))
                }
            }
            router.delete("/drive/v3/files/{fileId}") { request, _ in
                hits.append(request.target)
                return HTTPServerResponse(status: 204)
            }
        }
    }

    @Test func executeDecodesAndSendsStandardParameters() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        var client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        client.standardParameters.quotaUser = "user 1"
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [TestBackend.scope])
        call.setPath("fileId", "f 1")
        call.options = call.options.withFields(GoogleFieldMask<TestFile>([.init(_member: "id"), .init(_member: "size")]))
        let file = try await client.execute(call, as: TestFile.self)
        #expect(file.id == "f 1")
        #expect(file.size == 42)
        #expect(hits.values == ["/drive/v3/files/f%201?fields=id%2Csize&quotaUser=user%201&prettyPrint=false"])
        try await client.execute(APICall(method: .delete, path: "files/x", scopes: [TestBackend.scope]))
    }

    @Test func errorResponsesBecomeGoogleAPIErrors() async throws {
        let backend = try Self.backend(hits: Recorder())
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "missing")
        let notFound = try await #require(throws: GoogleAPIError.self) { try await client.execute(call, as: TestFile.self) }
        #expect(notFound.status == 404 && notFound.hasReason("notFound") && notFound.errors.first?.location == "fileId")

        call.setPath("fileId", "proxy")
        let proxy = try await #require(throws: GoogleAPIError.self) { try await client.execute(call, as: TestFile.self) }
        #expect(proxy.status == 502 && proxy.rawBody?.contains("Bad Gateway") == true)

        call.setPath("fileId", "garbled")
        // A body that does not decode is the runtime's own error, with the decoder's path inside.
        let garbled = try await #require(throws: GoogleAPIClientError.self) { try await client.execute(call, as: TestFile.self) }
        #expect(garbled.code == .decodingFailed)
        #expect(garbled.decodingError?.path == "size")
    }

    @Test func callsWithoutAGrantedScopeAreRefusedBeforeSending() async throws {
        let hits = Recorder<String>()
        let backend = try Self.backend(hits: hits)
        let client = backend.client(
            session: backend.session(store: InMemoryTokenStore(backend.credentials(scopes: ["https://www.googleapis.com/auth/youtube"]))))
        var call = APICall(
            method: .get, path: "files/{fileId}", scopes: [TestBackend.scope, "https://www.googleapis.com/auth/drive.readonly"])
        call.setPath("fileId", "a")
        let error = try await #require(throws: OAuthError.self) { try await client.execute(call, as: TestFile.self) }
        #expect(error == .scopeNotGranted(required: call.scopes, granted: ["https://www.googleapis.com/auth/youtube"]))
        #expect(error.description.contains("drive.readonly"))
        #expect(hits.count == 0)
    }

    @Test func credentialsWithoutScopeInformationAreNotBlocked() async throws {
        let backend = try Self.backend(hits: Recorder())
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials(storeScopes: false))))
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [TestBackend.scope])
        call.setPath("fileId", "a")
        #expect(try await client.execute(call, as: TestFile.self).id == "a")
    }
}
