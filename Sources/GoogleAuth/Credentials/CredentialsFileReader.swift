import Foundation
import GoogleBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CredentialsFileReader

/// Reads a credentials file and names what is wrong with a path that is not one: a device or
/// FIFO, a directory, a symbolic link loop, a file without read permission, one too large. It
/// opens without blocking (a FIFO nobody writes to would otherwise hang the open), refuses
/// anything but a regular file before reading, and never reads past the limit.
enum CredentialsFileReader {
    /// The file's bytes, or `nil` when nothing exists at the path.
    /// - Parameters:
    ///   - path: The file.
    ///   - origin: How errors name it (`GOOGLE_APPLICATION_CREDENTIALS (/etc/sa.json)`).
    ///   - limit: The most bytes the file may hold.
    ///   - document: What the file should be, for messages ("a credentials file").
    /// - Throws: ``CredentialsError``: `.unreadableFile` or `.malformedFile` (too large).
    static func read(
        _ path: String, origin: String, limit: Int, document: String = "a credentials file"
    ) throws(CredentialsError) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw unreadable(origin, openError: code)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(origin, reason: "fstat failed: \(describe(errno))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            break
        case S_IFDIR:
            throw CredentialsError(
                .unreadableFile, "\(origin) is a directory, not \(document)",
                remedy: "give the path of the JSON file inside it (e.g. …/service-account.json)")
        default:
            throw CredentialsError(
                .unreadableFile, "\(origin) is a device, FIFO or socket, not \(document); nothing was read from it",
                remedy: "give the path of a credentials JSON file (a downloaded key, or gcloud's application_default_credentials.json)")
        }
        if Int(status.st_size) > limit { throw tooLarge(origin, size: Int(status.st_size), limit: limit, document: document) }
        // Back to blocking reads: a regular file never blocks, and O_NONBLOCK only guarded the open.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            // One byte past the limit is enough to know the file grew too large while being read.
            let wanted = min(buffer.count, limit + 1 - data.count)
            let count = buffer.withUnsafeMutableBytes { SystemCall.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(origin, reason: "reading failed: \(describe(errno))")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { throw tooLarge(origin, size: nil, limit: limit, document: document) }
        }
    }

    private static func unreadable(_ origin: String, openError code: Int32) -> CredentialsError {
        switch code {
        case EACCES, EPERM:
            return CredentialsError(
                .unreadableFile, "\(origin) cannot be read: permission denied",
                remedy: "make it readable by this user (e.g. chmod 600 and chown to this user), or run as its owner")
        case ELOOP:
            return CredentialsError(
                .unreadableFile, "\(origin) is a symbolic link loop (or a chain of links too long to follow)",
                remedy: "point the variable at the real file (readlink -f shows where the links lead)")
        case ENOTDIR:
            return CredentialsError(
                .unreadableFile, "\(origin) cannot be read: a part of the path is not a directory",
                remedy: "check the path")
        default:
            return unreadable(origin, reason: describe(code))
        }
    }

    private static func unreadable(_ origin: String, reason: String) -> CredentialsError {
        CredentialsError(.unreadableFile, "\(origin) cannot be read: \(reason)")
    }

    private static func tooLarge(_ origin: String, size: Int?, limit: Int, document: String) -> CredentialsError {
        let shown = size.map { "\($0) bytes" } ?? "more than \(limit) bytes"
        return CredentialsError(
            .malformedFile, "\(origin) is \(shown), too large for \(document) (they are a few KB); it was not read",
            remedy: "check that the variable names a credentials JSON file")
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
