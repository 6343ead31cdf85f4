import Foundation
import GoogleAuth
import GoogleBase
import GoogleHTTPTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DownloadDestination

/// Where a file download's bytes go until they are whole.
///
/// A regular file (or a path where nothing exists yet) is never written in place: the bytes go
/// to `<name>.partial` beside it (same folder, so the final `rename` is atomic; created with the
/// mode of any new file), which replaces the target only after the transfer and its size/MD5
/// checks succeeded. A file that was there survives any failure or interruption, and a crash
/// or Ctrl-C leaves at most the clearly named `.partial`, never a complete-looking target.
/// Special files — a device such as `/dev/null`, a FIFO or socket, a terminal — are written in
/// place and never replaced (renaming over `/dev/null` as root would replace the device).
struct DownloadDestination: Sendable {
    /// The path the user named, symbolic links resolved (so a link's target is replaced, not the link).
    let target: URL
    /// Whether the target is a special file, written in place.
    let isSpecial: Bool
    /// Where a regular download's bytes wait (``GoogleServiceClient/partialDownloadURL(for:)``).
    let partial: URL

    /// - Throws: ``GoogleAPIClientError/Code/fileAccess`` when the target is a folder.
    init(_ file: URL) throws(GoogleAPIClientError) {
        let named = file.standardizedFileURL
        var status = stat()
        if stat(named.path, &status) == 0 {
            // The file type bits (`S_IFMT`), with POSIX's values for folders and regular files.
            let type = status.st_mode & 0o170000
            if type == 0o040000 { throw .fileAccess(path: named.path, reason: "it is a folder") }
            isSpecial = type != 0o100000
            target = isSpecial ? named : named.resolvingSymlinksInPath()
        } else {
            isSpecial = false
            target = named
        }
        partial = Self.partialURL(for: target)
    }

    /// `<folder>/<name>.partial`.
    static func partialURL(for target: URL) -> URL {
        target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".partial")
    }

    // MARK: - Opening

    /// Opens the file the bytes are written to: the target itself when special, else the
    /// partial file, continued (its size returned) when `continuing` and it exists, otherwise
    /// created empty.
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess``.
    func openForWriting(continuing: Bool) throws(GoogleAPIClientError) -> (handle: FileHandle, existingBytes: Int64) {
        let path = isSpecial ? target.path : partial.path
        var flags = O_WRONLY | O_CLOEXEC
        if !isSpecial { flags |= O_CREAT | O_NOFOLLOW | (continuing ? O_APPEND : O_TRUNC) }
        // 0666 less the umask: the mode any new file gets.
        let descriptor = open(path, flags, 0o666)
        guard descriptor >= 0 else { throw .fileAccess(path: path, reason: Self.describe(errno)) }
        var existing: Int64 = 0
        if continuing, !isSpecial {
            var status = stat()
            if fstat(descriptor, &status) == 0 { existing = Int64(status.st_size) }
        }
        return (FileHandle(fileDescriptor: descriptor, closeOnDealloc: true), existing)
    }

    // MARK: - Finishing

    /// Makes the bytes durable and puts them at the target (for a regular file, by renaming the
    /// partial over it, then syncing the folder so the rename survives a crash).
    /// - Throws: ``GoogleAPIClientError/Code/fileAccess``; the partial is left in place.
    func commit(_ handle: FileHandle) async throws {
        guard !isSpecial else {
            try? handle.close()
            return
        }
        let partial = partial.path
        let target = target.path
        try await DedicatedThread.run("DownloadDestination.commit") { () throws -> Void in
            defer { try? handle.close() }
            guard fsync(handle.fileDescriptor) == 0 else {
                throw GoogleAPIClientError.fileAccess(path: partial, reason: Self.describe(errno))
            }
            guard rename(partial, target) == 0 else {
                throw GoogleAPIClientError.fileAccess(path: target, reason: Self.describe(errno))
            }
            let folder = open(URL(fileURLWithPath: target).deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC, 0)
            if folder >= 0 {
                fsync(folder)
                close(folder)
            }
        }
    }

    /// Ends a failed download: closes the file and removes the partial unless `keep`.
    func abandon(_ handle: FileHandle, keep: Bool) {
        try? handle.close()
        if !isSpecial, !keep { unlink(partial.path) }
    }

    static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
