import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - PrivateFileWriter

/// The package's one way to write a file that holds a secret (tokens, a resumable upload's
/// session URI): created mode 0600 from the first byte, so no other user ever sees it readable,
/// and replaced atomically (a temporary file in the same folder, `fsync`, `rename`, then `fsync`
/// of the folder), so a crash leaves the old file or the new one, never half of one.
///
/// Blocking: call it from a dedicated thread, not from a cooperative one.
package enum PrivateFileWriter {
    /// A failed system call: which, on what, and its `errno`.
    package struct Failure: Error, Sendable {
        package var operation: String
        package var path: String
        package var errno: Int32
    }

    /// Replaces `path` with `data`.
    /// - Throws: ``Failure``; the temporary file is removed on every failure.
    package static func write(_ data: Data, to path: String) throws(Failure) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var temporaryPath = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporaryPath = directory + "/.\(url.lastPathComponent).tmp-\(SecureRandom.token(byteCount: 9))"
            descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Failure(operation: "create", path: temporaryPath, errno: errno) }
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        do {
            defer { close(descriptor) }
            // The umask cannot widen 0600, but an explicit mode leaves nothing to chance.
            fchmod(descriptor, 0o600)
            try writeAll(descriptor, data, path: temporaryPath)
            guard fsync(descriptor) == 0 else { throw Failure(operation: "fsync", path: temporaryPath, errno: errno) }
        }
        guard rename(temporaryPath, path) == 0 else { throw Failure(operation: "rename", path: path, errno: errno) }
        renamed = true
        // Makes the rename itself durable.
        let directoryDescriptor = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Creates the folder a private file goes in, mode 0700 (whatever the umask), with its
    /// parents; a folder that exists is left as it is.
    /// - Throws: ``Failure`` (`mkdir`).
    package static func createFolder(_ path: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(operation: "mkdir", path: path, errno: errno == 0 ? EIO : errno)
        }
        // mkdir honours the umask; set the mode explicitly.
        chmod(path, 0o700)
    }

    private static func writeAll(_ descriptor: Int32, _ data: Data, path: String) throws(Failure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { buffer in
                SystemCall.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(operation: "write", path: path, errno: errno)
            }
            offset += written
        }
    }
}
