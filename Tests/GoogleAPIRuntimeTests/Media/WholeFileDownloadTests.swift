import Foundation
import GoogleAPIRuntime
import GoogleAuth
import GoogleBase
import GoogleEmulator
import LocalHTTPServer
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `download(_:to:...)` delivers whole files: the bytes wait in `<file>.partial` and replace the
/// target only once complete and checked; special files are written in place, never replaced.
@Suite("Whole-file downloads")
struct WholeFileDownloadTests {
    static let size: Int64 = 1 << 20

    private func call() -> APICall {
        var call = APICall(method: .get, path: "files/{fileId}", scopes: [])
        call.setPath("fileId", "f")
        return call
    }

    /// A backend serving `size` bytes with `Range` support, dropping the first `interruptions`
    /// transfers, and a folder for the targets (removed with the fixture).
    private final class Fixture: Sendable {
        let backend: TestBackend
        let client: GoogleServiceClient
        let directory: TemporaryDirectory
        let content: Data
        let requests = Recorder<String>()

        init(interruptions: Int = 0) throws {
            directory = try TemporaryDirectory()
            let source = directory.file("source")
            try writePatternFile(source, size: Int(WholeFileDownloadTests.size))
            let requests = self.requests
            backend = try TestBackend { router, oauth in
                registerDownloadRoute(
                    &router, oauth: oauth, file: source, size: WholeFileDownloadTests.size, interruptions: interruptions,
                    requests: requests)
            }
            client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
            content = try Data(contentsOf: source)
        }

        deinit { directory.cleanUp() }

        func file(_ name: String) -> URL { directory.file(name) }
    }

    private static func md5(_ data: Data) -> String {
        var digest = ContentMD5()
        digest.update(data)
        return digest.finalizeHex()
    }

    @Test("a failed download leaves the existing file as it was, and no partial file")
    func existingFileSurvives() async throws {
        let fixture = try Fixture()
        let target = fixture.file("report.bin")
        try Data("the old version".utf8).write(to: target)
        await #expect(throws: GoogleAPIClientError.self) {
            try await fixture.client.download(
                call(), to: target, expecting: MediaIntegrity(byteCount: Self.size, md5Checksum: String(repeating: "0", count: 32)))
        }
        #expect(try Data(contentsOf: target) == Data("the old version".utf8))
        #expect(!FileManager.default.fileExists(atPath: GoogleServiceClient.partialDownloadURL(for: target).path))
    }

    @Test("an interrupted download keeps its partial file, never the target; the next call continues it with a Range request")
    func continuesPartial() async throws {
        let fixture = try Fixture(interruptions: 1)
        var failFast = fixture.client
        failFast.media.maxConsecutiveFailures = 0
        let client = failFast
        let target = fixture.file("video.bin")
        let partial = GoogleServiceClient.partialDownloadURL(for: target)
        let expected = MediaIntegrity(byteCount: Self.size, md5Checksum: Self.md5(fixture.content))
        await #expect(throws: (any Error).self) {
            try await client.download(call(), to: target, expecting: expected, keepingPartial: true)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        let kept = try Data(contentsOf: partial)
        #expect(kept.count < fixture.content.count)
        #expect(kept == fixture.content.prefix(kept.count))

        try await client.download(call(), to: target, expecting: expected, keepingPartial: true)
        #expect(try Data(contentsOf: target) == fixture.content)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        if !kept.isEmpty {
            #expect(fixture.requests.values.last == "bytes=\(kept.count)-")
        }
    }

    @Test("a partial file of another version is caught by the MD5 and removed")
    func wrongPartial() async throws {
        let fixture = try Fixture()
        let target = fixture.file("doc.bin")
        let partial = GoogleServiceClient.partialDownloadURL(for: target)
        try Data(repeating: 0x58, count: 1000).write(to: partial)
        let expected = MediaIntegrity(byteCount: Self.size, md5Checksum: Self.md5(fixture.content))
        await #expect(throws: GoogleAPIClientError.self) {
            try await fixture.client.download(call(), to: target, expecting: expected, keepingPartial: true)
        }
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(!FileManager.default.fileExists(atPath: target.path))
        // Starting over now succeeds.
        try await fixture.client.download(call(), to: target, expecting: expected, keepingPartial: true)
        #expect(try Data(contentsOf: target) == fixture.content)
    }

    @Test("a new file gets the mode of any new file")
    func newFileMode() async throws {
        let fixture = try Fixture()
        let target = fixture.file("new.bin")
        try await fixture.client.download(call(), to: target)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? NSNumber)
        let umask = Self.currentUmask()
        #expect(mode.intValue == 0o666 & ~umask)
    }

    @Test("/dev/null is written in place and stays a device")
    func devNull() async throws {
        let fixture = try Fixture()
        try await fixture.client.download(call(), to: URL(fileURLWithPath: "/dev/null"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
        #expect(!FileManager.default.fileExists(atPath: "/dev/null.partial"))
    }

    @Test("/dev/full fails with the disk-full error and stays a device")
    func devFull() async throws {
        let fixture = try Fixture()
        let error = try await #require(throws: GoogleAPIClientError.self) {
            try await fixture.client.download(call(), to: URL(fileURLWithPath: "/dev/full"))
        }
        #expect("\(error)".contains("No space left on device"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test("a FIFO is written in place and stays a FIFO")
    func fifo() async throws {
        let fixture = try Fixture()
        let fifo = fixture.file("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let reader = Task.detached { () -> Data in
            // Opening blocks until the writer opens: a thread of its own, not a cooperative one.
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    // Reads to the end (Data(contentsOf:) would read st_size bytes, 0 for a FIFO).
                    guard let handle = FileHandle(forReadingAtPath: fifo.path) else {
                        continuation.resume(throwing: CocoaError(.fileReadUnknown))
                        return
                    }
                    continuation.resume(returning: handle.readDataToEndOfFile())
                }.start()
            }
        }
        try await fixture.client.download(call(), to: fifo)
        #expect(try await reader.value == fixture.content)
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0)
        #expect(status.st_mode & 0o170000 == 0o010000, "still a FIFO")
    }

    /// The process's umask, from /proc (reading it with umask(2) would change it for parallel tests).
    static func currentUmask() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
        {
            return value
        }
        #endif
        return 0o022
    }
}
