import Foundation
import GoogleEmulator
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `drive files download --output FIFO` whose reader goes away mid-transfer: the write fails with
/// `EPIPE` and the tool says so and exits 1, instead of dying by SIGPIPE (141) mid-sentence.
@Suite("drive files download into a FIFO whose reader goes away")
struct BrokenPipeToolTests {
    @Test("the reader exits after the first bytes: a clear error and exit 1, not death by SIGPIPE")
    func readerGoesAway() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        // Far more than a pipe holds (64 KiB), so the tool is still writing when the reader leaves.
        let id = try fixture.emulator.addDriveFile(name: "big.bin", content: PatternData.make(size: 8 << 20))
        let fifo = fixture.directory.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // Opening blocks until the tool opens its end: a thread of its own, not a cooperative one.
        let path = fifo.path
        Thread {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            _ = read(descriptor, &buffer, buffer.count)
            close(descriptor)
        }.start()

        let child = try ChildProcess.start(
            ToolProcess.productsDirectory.appendingPathComponent("drive"),
            ["files", "download", "--output", fifo.path, "--", id], environment: fixture.environment)
        let result = await child.finish()
        // Releases the reader thread should the tool never have opened the FIFO.
        let unblock = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if unblock >= 0 { close(unblock) }

        #expect(result.status == 1, "exit status \(result.status) (141 is death by SIGPIPE): \(result.standardError)")
        #expect(result.standardError.contains("nothing reads from it any more"), "\(result.standardError)")
        #expect(result.standardError.contains(fifo.path))
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0)
        #expect(status.st_mode & 0o170000 == 0o010000, "still a FIFO")
    }
}
