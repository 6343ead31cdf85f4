public import Foundation
import GoogleAuth
import GoogleBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileUploadSessionStore

/// Keeps an unfinished resumable upload's ``ResumableUploadSession`` in a file, so the upload can
/// continue after a crash or a restart.
///
/// The session URI is a secret (anyone holding it can upload into the session), so the file is
/// handled like a token file: created mode 0600 (its folder 0700), replaced atomically at every
/// save (a temporary file in the same folder, `fsync`, `rename`), so a crash mid-write leaves the
/// previous checkpoint rather than half of one, and refused on load when other users can read or
/// write it. The file holds `{"version": 1, "session": {...}}`.
///
/// ```swift
/// let store = FileUploadSessionStore(directory: appSupport, source: video)
/// let media = MediaUpload.resumable(
///     file: video, contentType: "video/mp4", resuming: try await store.load(),
///     sessionDidChange: { try await store.save($0) })
/// let file = try await drive.files.create(body: Drive.File(name: "talk.mp4"), media: media)
/// try await store.delete()
/// ```
///
/// The file work runs on a dedicated thread, never on the caller's cooperative thread.
public struct FileUploadSessionStore: Sendable, Hashable {
    /// The session file.
    public let fileURL: URL

    /// - Parameter fileURL: The session file; its folder is created (mode 0700) when missing.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// A store for the upload of `source`: `upload-<hash of its absolute path>.json` in
    /// `directory`, so each source file has its own session file and the same path finds it again
    /// after a restart.
    /// - Parameters:
    ///   - directory: Where session files live (e.g. next to the app's token file).
    ///   - source: The file being uploaded.
    public init(directory: URL, source: URL) {
        let key = SHA256.hex(SHA256.hash(source.standardizedFileURL.path)).prefix(16)
        self.init(fileURL: directory.appendingPathComponent("upload-\(key).json"))
    }

    // MARK: - Load, save, delete

    /// The saved session, or `nil` when there is none.
    /// - Throws: ``UploadSessionStoreError``: `unsafeFile` when other users can read or write the
    ///   file (or another user owns it), `corrupt` when it is not a saved session, `io` when a
    ///   system call fails.
    public func load() async throws -> ResumableUploadSession? {
        let path = fileURL.path
        let data = try await DedicatedThread.run("FileUploadSessionStore.load") { () throws -> Data? in
            do throws(PrivateFileReader.Failure) {
                // A session is a few hundred bytes; anything over 64 KiB is not one.
                return try PrivateFileReader.read(path, maxBytes: 64 * 1024)
            } catch {
                throw Self.error(error)
            }
        }
        return try data.map { try Self.decode($0, path: path) }
    }

    /// Replaces the saved session atomically, mode 0600.
    /// - Parameter session: The session to keep (pass what `sessionDidChange` reports).
    /// - Throws: ``UploadSessionStoreError/io(operation:path:errno:)``.
    public func save(_ session: ResumableUploadSession) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(Envelope(version: 1, session: session))
        } catch {
            throw UploadSessionStoreError.corrupt(path: fileURL.path, reason: "the session could not be encoded")
        }
        let url = fileURL
        try await DedicatedThread.run("FileUploadSessionStore.save") { try Self.writeAtomically(data, to: url) }
    }

    /// Deletes the saved session; a missing file is not an error.
    /// - Throws: ``UploadSessionStoreError/io(operation:path:errno:)``.
    public func delete() async throws {
        let path = fileURL.path
        try await DedicatedThread.run("FileUploadSessionStore.delete") {
            guard unlink(path) == 0 || errno == ENOENT else {
                throw UploadSessionStoreError.io(operation: "unlink", path: path, errno: errno)
            }
        }
    }

    // MARK: - Format

    /// Versioned so the format can evolve.
    private struct Envelope: Codable {
        var version: Int
        var session: ResumableUploadSession
    }

    private static func decode(_ data: Data, path: String) throws -> ResumableUploadSession {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw UploadSessionStoreError.corrupt(path: path, reason: "missing key \(key.stringValue)")
        } catch let DecodingError.dataCorrupted(context) {
            throw UploadSessionStoreError.corrupt(path: path, reason: Self.reason(context))
        } catch let DecodingError.typeMismatch(_, context) {
            throw UploadSessionStoreError.corrupt(path: path, reason: "wrong type at \(Self.keyPath(context))")
        } catch {
            throw UploadSessionStoreError.corrupt(path: path, reason: "not valid JSON")
        }
        guard envelope.version == 1 else {
            throw UploadSessionStoreError.corrupt(path: path, reason: "unsupported version \(envelope.version)")
        }
        return envelope.session
    }

    private static func keyPath(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    /// The session's own checks (an http(s) URI, sizes that describe an upload) name the key;
    /// the file's text is never repeated (it holds the session URI).
    private static func reason(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(keyPath(context))"
    }

    // MARK: - File system

    private static func writeAtomically(_ data: Data, to url: URL) throws {
        do {
            try PrivateFileWriter.createFolder(url.deletingLastPathComponent().path)
            try PrivateFileWriter.write(data, to: url.path)
        } catch {
            throw UploadSessionStoreError.io(operation: error.operation, path: error.path, errno: error.errno)
        }
    }

    /// The store's words for a session file that was not read: one other users can read or
    /// write, or that another user owns, holds a session URI that must be treated as leaked.
    private static func error(_ failure: PrivateFileReader.Failure) -> UploadSessionStoreError {
        switch failure {
        case .system(let operation, let path, let errno):
            return .io(operation: operation, path: path, errno: errno)
        case .accessibleByOthers(let path, let mode):
            return .unsafeFile(
                path: path,
                reason: "the upload session file is accessible by other users (mode 0\(String(mode, radix: 8))); "
                    + "delete it and start the upload over")
        case .ownedByAnotherUser(let path, let uid):
            return .unsafeFile(path: path, reason: "the upload session file is owned by another user (uid \(uid))")
        case .tooLarge(let path, _):
            return .corrupt(path: path, reason: "larger than 64 KiB")
        case .notRegularFile(let path, let kind):
            return .unsafeFile(
                path: path,
                reason:
                    "the upload session file is \(kind), not a regular file (nothing was read from it); remove it and start the upload over"
            )
        }
    }
}

// MARK: - CustomStringConvertible

extension FileUploadSessionStore: CustomStringConvertible {
    public var description: String { "FileUploadSessionStore(\(fileURL.path))" }
}
