public import Foundation
internal import GoogleBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - DriveChangeTokenStore

/// Keeps where each changes feed stopped: one page token per corpus (the user's, or one per
/// shared drive), each in its own file in one folder, so a process that stops at any moment
/// continues from its last delivered page.
///
/// Like `GoogleAPIRuntime/FileUploadSessionStore` it handles its files as secrets: created mode 0600 (the
/// folder 0700), replaced atomically at every save (a temporary file, `fsync`, `rename`), so a
/// crash mid-write leaves the previous token rather than half of one, and refused on load when
/// other users can read or write them. Each file holds `{"version":1,"corpus":…,"token":…}`;
/// a token saved for another corpus is refused rather than used. The file work runs on a
/// dedicated thread, never on the caller's cooperative thread.
public struct DriveChangeTokenStore: Sendable, Hashable {
    /// The folder holding the token files.
    public let directory: URL

    /// - Parameter directory: Where token files live; created (mode 0700) on the first save.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The file holding `corpus`'s token: `changes-<hash of the corpus key>.json`.
    public func fileURL(for corpus: DriveChangeCorpus) -> URL {
        let key = SHA256.hex(SHA256.hash(corpus.key)).prefix(16)
        return directory.appendingPathComponent("changes-\(key).json")
    }

    // MARK: - Load, save, delete

    /// The saved token of `corpus`, or `nil` when there is none.
    /// - Throws: ``DriveChangeTokenStoreError``.
    public func load(_ corpus: DriveChangeCorpus) async throws -> String? {
        let path = fileURL(for: corpus).path
        let data = try await DedicatedThread.run("DriveChangeTokenStore.load") { () throws -> Data? in
            do throws(PrivateFileReader.Failure) {
                // A page token is a few dozen bytes; anything over 16 KiB is not one.
                return try PrivateFileReader.read(path, maxBytes: 16 * 1024)
            } catch {
                throw Self.error(error)
            }
        }
        guard let data else { return nil }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw DriveChangeTokenStoreError.corrupt(path: path, reason: "not a saved changes token")
        }
        guard envelope.version == 1 else {
            throw DriveChangeTokenStoreError.corrupt(path: path, reason: "unsupported version \(envelope.version)")
        }
        guard envelope.corpus == corpus.key, !envelope.token.isEmpty else {
            throw DriveChangeTokenStoreError.corrupt(path: path, reason: "the token belongs to another corpus")
        }
        return envelope.token
    }

    /// Replaces `corpus`'s saved token atomically, mode 0600.
    /// - Throws: ``DriveChangeTokenStoreError/io(operation:path:errno:)``.
    public func save(_ token: String, for corpus: DriveChangeCorpus) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Envelope(version: 1, corpus: corpus.key, token: token))
        } catch {
            throw DriveChangeTokenStoreError.corrupt(path: fileURL(for: corpus).path, reason: "the token could not be encoded")
        }
        let url = fileURL(for: corpus)
        try await DedicatedThread.run("DriveChangeTokenStore.save") {
            do throws(PrivateFileWriter.Failure) {
                try PrivateFileWriter.createFolder(url.deletingLastPathComponent().path)
                try PrivateFileWriter.write(data, to: url.path)
            } catch {
                throw DriveChangeTokenStoreError.io(operation: error.operation, path: error.path, errno: error.errno)
            }
        }
    }

    /// Deletes `corpus`'s saved token (the first step of a full resync); a missing file is not
    /// an error.
    /// - Throws: ``DriveChangeTokenStoreError/io(operation:path:errno:)``.
    public func delete(_ corpus: DriveChangeCorpus) async throws {
        let path = fileURL(for: corpus).path
        try await DedicatedThread.run("DriveChangeTokenStore.delete") {
            guard unlink(path) == 0 || errno == ENOENT else {
                throw DriveChangeTokenStoreError.io(operation: "unlink", path: path, errno: errno)
            }
        }
    }

    // MARK: - Format

    private struct Envelope: Codable {
        var version: Int
        var corpus: String
        var token: String
    }

    private static func error(_ failure: PrivateFileReader.Failure) -> DriveChangeTokenStoreError {
        switch failure {
        case .system(let operation, let path, let errno):
            return .io(operation: operation, path: path, errno: errno)
        case .accessibleByOthers(let path, let mode):
            return .unsafeFile(
                path: path, reason: "the token file is accessible by other users (mode 0\(String(mode, radix: 8)))")
        case .ownedByAnotherUser(let path, let uid):
            return .unsafeFile(path: path, reason: "the token file is owned by another user (uid \(uid))")
        case .tooLarge(let path, _):
            return .corrupt(path: path, reason: "larger than 16 KiB")
        case .notRegularFile(let path, let kind):
            return .unsafeFile(
                path: path,
                reason:
                    "the token file is \(kind), not a regular file (nothing was read from it); remove it; the next run starts from a fresh changes.getStartPageToken"
            )
        }
    }
}

// MARK: - DriveChangeTokenStoreError

/// Why a ``DriveChangeTokenStore`` could not load, save or delete a token.
public enum DriveChangeTokenStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a saved token of this corpus.
    case corrupt(path: String, reason: String)
    /// A file-system call failed.
    case io(operation: String, path: String, errno: Int32)
    /// Other users can read or write the file, or another user owns it; nothing was read from it.
    case unsafeFile(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason):
            "The saved changes token \(path) is unusable (\(reason)); delete it and resync."
        case .io(let operation, let path, let errno):
            "\(operation) failed for \(path): \(String(cString: strerror(errno))) (errno \(errno))."
        case .unsafeFile(let path, let reason):
            "Refusing to use \(path): \(reason)."
        }
    }
}
