import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import Testing

/// The runtime against the full Google emulator (Drive endpoints, OAuth, faults, batch).
@Suite("End to end against GoogleEmulator")
struct GoogleEmulatorEndToEndTests {
    static let scope = "https://www.googleapis.com/auth/drive"

    static func makeClient(_ emulator: GoogleEmulator) -> GoogleServiceClient {
        let tokens = emulator.oauth.issueTokens(scopes: [scope])
        let credentials = OAuthTokens(
            accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh, scopes: [scope])
        let client = OAuthEmulator.Client.testDesktopClient
        let refresher = OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))
        let session = AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: refresher, configuration: .fastTests)
        var serviceClient = GoogleServiceClient(
            session: session,
            descriptor: GoogleServiceDescriptor(
                name: "drive", version: "v3", rootURL: URL(string: "https://www.googleapis.com/")!,
                servicePath: "drive/v3/", batchPath: "batch/drive/v3"),
            rootURL: emulator.rootURL)
        serviceClient.media.resumeBackoffBase = .milliseconds(1)
        return serviceClient
    }

    private static func createCall(name: String) -> APICall {
        var call = APICall(method: .post, path: "files", scopes: [scope], mediaUploadPath: "/upload/drive/v3/files")
        call.setBody(TestFile(name: name))
        return call
    }

    private static func getCall(_ id: String) -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [scope])
        call.setPath("fileId", id)
        return call
    }

    @Test func uploadListDownloadAndBatch() async throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        defer { emulator.stop() }
        let client = Self.makeClient(emulator)

        var ids: [String] = []
        for index in 0..<5 {
            let payload = Data("file number \(index)".utf8)
            let file = try await client.upload(
                Self.createCall(name: "doc-\(index).txt"), media: MediaUpload(.data(payload), contentType: "text/plain"), as: TestFile.self)
            ids.append(try #require(file.id))
        }

        var listCall = APICall(method: .get, path: "files", scopes: [Self.scope])
        listCall.addQuery("pageSize", 2)
        var names: [String] = []
        for try await file in client.pages(listCall, as: TestFileList.self).items { names.append(file.name ?? "") }
        #expect(names.sorted() == (0..<5).map { "doc-\($0).txt" })

        var collected = Data()
        for try await chunk in try await client.downloadStream(Self.getCall(ids[3])) { collected.append(chunk) }
        #expect(collected == Data("file number 3".utf8))

        let results = try await client.batch(ids.map(Self.getCall) + [Self.getCall("does-not-exist")])
        #expect(results.map(\.status) == [200, 200, 200, 200, 200, 404])
        #expect(try results[2].decode(TestFile.self).id == ids[2])
        #expect(results[5].error?.status == 404)
    }

    @Test func resumableUploadAndDownloadSurviveInjectedFaults() async throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        defer { emulator.stop() }
        let client = Self.makeClient(emulator)
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let source = directory.file("video.bin")
        try writePatternFile(source, size: 9 << 20 + 4321)

        emulator.faults.enqueue(.dropUploadConnection(), matching: "/upload/drive/v3/files", method: .put, count: 2)
        emulator.faults.enqueue(.status(503, retryAfter: 1), matching: "/upload/drive/v3/files", method: .put, count: 1)
        let media = MediaUpload(.file(source), contentType: "video/mp4", strategy: .resumable(chunkSize: 2 << 20))
        let uploaded = try await client.upload(Self.createCall(name: "video.mp4"), media: media, as: TestFile.self)
        let id = try #require(uploaded.id)

        emulator.faults.enqueue(.dropConnection(afterBytes: 1 << 20), matching: "/drive/v3/files/\(id)", method: .get, count: 2)
        let target = directory.file("copy.bin")
        try await client.download(Self.getCall(id), to: target)
        #expect(try filesAreIdentical(source, target))
        #expect(emulator.faults.pendingCount == 0)
    }

    @Test func expiredTokenIsRefreshedAgainstTheEmulator() async throws {
        let emulator = try GoogleEmulator.start(configuration: .init(seedData: false))
        defer { emulator.stop() }
        let client = Self.makeClient(emulator)
        emulator.oauth.expireAccessTokens()
        let file = try await client.upload(
            Self.createCall(name: "after-refresh.txt"), media: MediaUpload(.data(Data("x".utf8)), contentType: "text/plain"),
            as: TestFile.self)
        #expect(file.name == "after-refresh.txt")
        #expect(emulator.oauth.refreshRequestCount == 1)
    }
}
