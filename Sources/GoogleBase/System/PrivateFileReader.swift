import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - PrivateFileReader

/// The package's one way to read a file that holds a secret (tokens, a resumable upload's session
/// URI), the counterpart of ``PrivateFileWriter``: like `ssh` with a private key, it refuses a
/// file other users can read or write (any group or other permission bit) or that another user
/// owns — what it holds must then be treated as leaked — and it reads at most a bound, so a huge
/// or endless file (a device, a FIFO someone planted) cannot exhaust memory.
///
/// Blocking: call it from a dedicated thread, not from a cooperative one.
package enum PrivateFileReader {
    /// Why the file was not read. Each store words these for its own file and remedy.
    package enum Failure: Error, Sendable {
        /// A system call failed: which, on what, and its `errno`.
        case system(operation: String, path: String, errno: Int32)
        /// Group or other permission bits are set (`mode` holds the permission bits).
        case accessibleByOthers(path: String, mode: UInt32)
        /// The file belongs to another user.
        case ownedByAnotherUser(path: String, uid: UInt32)
        /// The file holds more than the bound.
        case tooLarge(path: String, limit: Int)
        /// Not a regular file: `kind` is "a directory", "a FIFO", "a socket" or "a device".
        case notRegularFile(path: String, kind: String)
    }

    /// The whole file at `path`, checked private first, or `nil` when there is no file.
    /// - Parameters:
    ///   - path: The file.
    ///   - maxBytes: The most bytes the file may hold.
    /// - Throws: ``Failure``.
    package static func read(_ path: String, maxBytes: Int) throws(Failure) -> Data? {
        // Non-blocking: a FIFO planted where the file should be would otherwise hang the open
        // until someone writes to it. Only a regular file is read, and reads of one never block.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .system(operation: "open", path: path, errno: errno)
        }
        defer { close(descriptor) }
        try requireRegular(descriptor, path: path)
        try requirePrivate(descriptor, path: path)
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return try readAll(descriptor, path: path, maxBytes: maxBytes)
    }

    /// Throws ``Failure/notRegularFile(path:kind:)`` unless `descriptor` is a regular file.
    package static func requireRegular(_ descriptor: Int32, path: String) throws(Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(operation: "fstat", path: path, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .notRegularFile(path: path, kind: "a directory")
        case S_IFIFO: throw .notRegularFile(path: path, kind: "a FIFO")
        case S_IFSOCK: throw .notRegularFile(path: path, kind: "a socket")
        default: throw .notRegularFile(path: path, kind: "a device")
        }
    }

    /// Opens `path` read-write, creating it 0600, for an `flock`: without following a symbolic
    /// link, without blocking on a FIFO, and refusing anything but a regular file.
    package static func openLockFile(_ path: String) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            // A directory cannot be opened for writing at all: said as what it is.
            if errno == EISDIR { throw .notRegularFile(path: path, kind: "a directory") }
            throw .system(operation: "open", path: path, errno: errno)
        }
        do {
            try requireRegular(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    private static func requirePrivate(_ descriptor: Int32, path: String) throws(Failure) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(operation: "fstat", path: path, errno: errno) }
        let mode = UInt32(status.st_mode & 0o777)
        if mode & 0o077 != 0 { throw .accessibleByOthers(path: path, mode: mode) }
        if status.st_uid != geteuid() { throw .ownedByAnotherUser(path: path, uid: UInt32(status.st_uid)) }
    }

    private static func readAll(_ descriptor: Int32, path: String, maxBytes: Int) throws(Failure) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            guard result.count <= maxBytes else { throw .tooLarge(path: path, limit: maxBytes) }
        }
    }
}
