import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - GeneratedFileWriter

/// Replaces a generated source file atomically: the new contents go to a temporary file in the
/// same folder, which is then renamed over the old one, so a build reading the folder sees the
/// old file or the new one, never half of one.
///
/// Unlike `Data.write(to:options: .atomic)` it does not `fsync`: generated files are derived
/// from the Discovery document and rewritten whenever their contents differ, so one lost to a
/// power failure is simply written again by the next run, and waiting for the disk on each of
/// the ~9,000 files of all of Google's documents took more wall-clock time than generating them.
enum GeneratedFileWriter {
    /// Replaces `url` with `data`; the temporary file is removed on every failure.
    /// - Throws: `CodegenWriteError` naming the file and the system's reason.
    static func replace(_ url: URL, with data: Data) throws(CodegenWriteError) {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var temporaryPath = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporaryPath = directory + "/.\(url.lastPathComponent).tmp-\(suffix)"
            // Mode 0666 less the umask, as for any file a build tool writes.
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file") }
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        do {
            defer { close(descriptor) }
            try writeAll(descriptor, data, path: path)
        }
        guard rename(temporaryPath, path) == 0 else { throw failure(path, "cannot replace the file") }
        renamed = true
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data, path: String) throws(CodegenWriteError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, "cannot write")
            }
            offset += written
        }
    }

    /// `what` and the system's reason for the last failed call.
    private static func failure(_ path: String, _ what: String) -> CodegenWriteError {
        CodegenWriteError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
