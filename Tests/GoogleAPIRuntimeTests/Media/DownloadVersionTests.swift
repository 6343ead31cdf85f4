import Foundation
import GoogleAPIRuntime
import GoogleEmulator
import LocalHTTPServer
import Synchronization
import Testing

/// A resumed download never joins bytes of two versions (issue 10, point 1).
@Suite("Resumed downloads and changing resources")
struct DownloadVersionTests {
    private func call() -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "file-1")
        return call
    }

    private static func bytes(_ count: Int, seed: UInt8) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) })
    }

    enum ResumeAnswer: Sendable {
        /// 206 with the new version's bytes and ETag (a server without If-Range support).
        case partialOfNewVersion
        /// 200 with the whole new version (If-Range no longer matches).
        case wholeNewVersion
        /// 206 of the same version but without any validator on either response.
        case partialWithoutValidators
    }

    /// The first request gets version 1, cut after `cut` bytes; later requests get version 2.
    private func backend(old: Data, new: Data, cut: Int, answer: ResumeAnswer, requests: Recorder<String>) throws -> TestBackend {
        let served = Mutex(0)
        return try TestBackend { router, oauth in
            router.get("/drive/v3/files/{fileId}") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let number = served.withLock { value -> Int in
                    value += 1
                    return value
                }
                requests.append(request.headers["Range"] ?? "none")
                if number == 1 {
                    var headers: GoogleHTTPHeaders = ["Content-Length": String(old.count)]
                    if answer != .partialWithoutValidators { headers["ETag"] = "\"v1\"" }
                    return FaultyResponse.cut(HTTPServerResponse(status: 200, headers: headers, body: .data(old)), afterBodyBytes: cut)
                }
                let range = request.headers["Range"] ?? ""
                let first = Int(range.dropFirst(6).dropLast()) ?? 0
                switch answer {
                case .partialOfNewVersion where !range.isEmpty:
                    return HTTPServerResponse(
                        status: 206,
                        headers: [
                            "ETag": "\"v2\"", "Content-Range": "bytes \(first)-\(new.count - 1)/\(new.count)",
                            "Content-Length": String(new.count - first),
                        ],
                        body: .data(new.subdata(in: first..<new.count)))
                case .partialWithoutValidators where !range.isEmpty:
                    return HTTPServerResponse(
                        status: 206,
                        headers: [
                            "Content-Range": "bytes \(first)-\(old.count - 1)/\(old.count)",
                            "Content-Length": String(old.count - first),
                        ],
                        body: .data(old.subdata(in: first..<old.count)))
                default:
                    return HTTPServerResponse(
                        status: 200, headers: ["ETag": "\"v2\"", "Content-Length": String(new.count)], body: .data(new))
                }
            }
        }
    }

    @Test("A 206 of another ETag restarts a file download from zero: the file is all version 2")
    func partialOfNewVersionRestartsFile() async throws {
        let old = Self.bytes(300_000, seed: 1)
        let new = Self.bytes(300_000, seed: 2)
        let requests = Recorder<String>()
        let backend = try backend(old: old, new: new, cut: 100_000, answer: .partialOfNewVersion, requests: requests)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let target = directory.file("target.bin")
        try await client.download(call(), to: target)
        #expect(try Data(contentsOf: target) == new)
        #expect(requests.values.first == "none")
        #expect(requests.values.last == "none", "the restart asks for the whole resource")
    }

    @Test("A 200 of a new version (If-Range mismatch) restarts a file download: no mixed bytes")
    func wholeNewVersionRestartsFile() async throws {
        let old = Self.bytes(300_000, seed: 1)
        let new = Self.bytes(200_000, seed: 3)
        let requests = Recorder<String>()
        let backend = try backend(old: old, new: new, cut: 100_000, answer: .wholeNewVersion, requests: requests)
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let target = directory.file("target.bin")
        try await client.download(call(), to: target)
        #expect(try Data(contentsOf: target) == new)
        #expect(requests.count == 2)
    }

    @Test(
        "A stream cannot take bytes back: another version fails with a 'resource changed' error",
        arguments: [ResumeAnswer.partialOfNewVersion, .wholeNewVersion])
    func streamFailsOnChange(answer: ResumeAnswer) async throws {
        let old = Self.bytes(300_000, seed: 1)
        let new = Self.bytes(300_000, seed: 2)
        let backend = try backend(old: old, new: new, cut: 100_000, answer: answer, requests: Recorder())
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var collected = Data()
        var failure: (any Error)?
        do {
            for try await chunk in try await client.downloadStream(call()) { collected.append(chunk) }
        } catch {
            failure = error
        }
        let error = try #require(failure, "a stream of mixed versions must not end successfully")
        #expect("\(error)".contains("resource changed"), "\(error)")
        #expect(collected.count < old.count)
    }

    @Test("Without validators a same-size 206 resume still completes")
    func resumeWithoutValidators() async throws {
        let old = Self.bytes(300_000, seed: 4)
        let backend = try backend(old: old, new: old, cut: 100_000, answer: .partialWithoutValidators, requests: Recorder())
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        var collected = Data()
        for try await chunk in try await client.downloadStream(call()) { collected.append(chunk) }
        #expect(collected == old)
    }
}
