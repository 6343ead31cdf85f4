import Foundation
import GoogleBase
import GoogleJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FileTokenStore

/// Keeps credentials in a JSON file readable only by the user (mode 0600 in a 0700 folder).
///
/// Writes are atomic and safe across processes: an exclusive `flock` on `<file>.lock` serialises
/// writers, the JSON goes to a uniquely named temporary file in the same folder, which is
/// `fsync`ed and renamed over the target, and then the folder is `fsync`ed. Readers never see a
/// partial file. A damaged file is reported as ``TokenStoreError/Code/corrupt``, with
/// the JSON path of what is wrong. Processes sharing the file refresh one at a time
/// (``withRefreshLock(_:)``), so N of them starting with an expired token send one refresh.
///
/// Like `ssh` with a private key, loading refuses a token file that other users can read or
/// write (any group or other permission bit) or that another user owns, with
/// ``TokenStoreError/Code/unsafeFile`` telling how to fix it: tokens others could read
/// must be treated as leaked. The lock file is opened without following symbolic links, so a
/// link planted at its path cannot make the store create or truncate a file elsewhere.
public struct FileTokenStore: RefreshLockingTokenStore {
    /// The credentials file.
    public let fileURL: URL

    /// - Parameter fileURL: The credentials file; its folder is created (mode 0700) when missing.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// A store at `~/.config/<application>/credentials.json` (or under `$XDG_CONFIG_HOME`).
    /// - Parameter application: A folder name for the app.
    public static func defaultLocation(application: String) -> FileTokenStore {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return FileTokenStore(fileURL: base.appendingPathComponent(application).appendingPathComponent("credentials.json"))
    }

    // MARK: - TokenStore

    // The file work (reads, `flock` waiting for another process, `fsync`) runs on a dedicated
    // thread, never on the caller's cooperative thread.

    public func load() async throws -> OAuthTokens? {
        let path = fileURL.path
        let data = try await DedicatedThread.run("FileTokenStore.load") { () throws -> Data? in
            do throws(PrivateFileReader.Failure) {
                return try PrivateFileReader.read(path, maxBytes: 1 << 20)
            } catch {
                throw Self.error(error)
            }
        }
        return try data.map { try Self.decode($0, path: path) }
    }

    public func save(_ credentials: OAuthTokens) async throws {
        let data = try Self.encode(credentials)
        try await DedicatedThread.run("FileTokenStore.save") { [self] in
            try withExclusiveLock {
                try writeAtomically(data)
            }
        }
    }

    /// Deletes the credentials and the lock file (nothing of the store is left behind).
    public func delete() async throws {
        try await DedicatedThread.run("FileTokenStore.delete") { [self] in
            try withExclusiveLock {
                guard unlink(fileURL.path) == 0 || errno == ENOENT else {
                    throw TokenStoreError.io(operation: "unlink", path: fileURL.path, errno: errno)
                }
                // Still holding it: a process waiting on this lock finds it unlinked and retries.
                unlink(fileURL.path + ".lock")
            }
        }
    }

    /// Holds `<file>.lock` while `refresh` runs on the credentials read after taking it, and
    /// saves what it returns (when it differs) before letting go.
    /// - Throws: ``TokenStoreError``, or what `refresh` throws.
    public func withRefreshLock(
        _ refresh: @Sendable (OAuthTokens?) async throws -> OAuthTokens
    ) async throws -> OAuthTokens {
        // `flock` may wait for another process: on a thread of its own.
        let lock = try await DedicatedThread.run("FileTokenStore.lock") { [self] in try acquireLock() }
        defer { Self.releaseLock(lock) }
        let stored = try await load()
        let result = try await refresh(stored)
        if result != stored {
            let data = try Self.encode(result)
            try await DedicatedThread.run("FileTokenStore.save") { [self] in try writeAtomically(data) }
        }
        return result
    }

    // MARK: - Format

    /// The file holds `{"version": 1, "credentials": {...}}` so the format can evolve.
    private struct Envelope: Codable {
        var version: Int
        var credentials: OAuthTokens
    }

    static func encode(_ credentials: OAuthTokens) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(Envelope(version: 1, credentials: credentials))
        } catch {
            throw TokenStoreError.encodingFailed(reason: "\(type(of: error))")
        }
    }

    static func decode(_ data: Data, path: String) throws -> OAuthTokens {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        do {
            let envelope = try decoder.decode(Envelope.self, from: data)
            guard envelope.version == 1 else {
                throw TokenStoreError.corrupt(path: path, reason: "unsupported version \(envelope.version)")
            }
            return envelope.credentials
        } catch let error as TokenStoreError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw TokenStoreError.corrupt(path: path, reason: "missing key \(jsonPath(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(type, context) {
            throw TokenStoreError.corrupt(
                path: path,
                reason: "\(jsonPath(context.codingPath)) should be \(typeName(type)), found \(found(at: context.codingPath, in: data))")
        } catch let DecodingError.valueNotFound(type, context) {
            throw TokenStoreError.corrupt(path: path, reason: "\(jsonPath(context.codingPath)) should be \(typeName(type)), found null")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            throw TokenStoreError.corrupt(path: path, reason: "\(jsonPath(context.codingPath)) has an invalid value")
        } catch {
            throw TokenStoreError.corrupt(path: path, reason: "not valid JSON")
        }
    }

    /// `$.credentials.accessToken`, `$` for the top level, `$.credentials.scopes[2]` for elements.
    private static func jsonPath(_ path: [any CodingKey]) -> String {
        path.reduce("$") { text, key in
            key.intValue.map { "\(text)[\($0)]" } ?? "\(text).\(key.stringValue)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type, is Date.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is Set<String>.Type, is [String].Type: "an array"
        default: "an object"
        }
    }

    /// What the JSON holds at `path` (`an array`, `a string`…), for the message.
    private static func found(at path: [any CodingKey], in data: Data) -> String {
        guard var value = try? JSONValue(parsing: data) else { return "something else" }
        for key in path {
            guard let member = key.intValue.flatMap({ value[$0] }) ?? value[key.stringValue] else { return "something else" }
            value = member
        }
        switch value {
        case .array: return "an array"
        case .object: return "an object"
        case .string: return "a string"
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        }
    }

    // MARK: - File system

    private var directoryPath: String { fileURL.deletingLastPathComponent().path }

    private func ensureDirectory() throws {
        do {
            try PrivateFileWriter.createFolder(directoryPath)
        } catch {
            throw TokenStoreError.io(operation: error.operation, path: error.path, errno: error.errno)
        }
    }

    private func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        let descriptor = try acquireLock()
        defer { Self.releaseLock(descriptor) }
        return try body()
    }

    /// Opens `<file>.lock` and takes its exclusive `flock`, waiting for other holders; the
    /// descriptor returned holds the lock until ``releaseLock(_:)``. Blocking.
    private func acquireLock() throws -> Int32 {
        try ensureDirectory()
        let lockPath = fileURL.path + ".lock"
        while true {
            // Not following a link, not blocking on a FIFO, and only a regular file: a lock file
            // someone replaced must neither hang the store nor lock (or create) something else.
            let descriptor: Int32
            do throws(PrivateFileReader.Failure) {
                descriptor = try PrivateFileReader.openLockFile(lockPath)
            } catch .system(_, _, let code) where code == ELOOP {
                throw TokenStoreError.unsafeFile(
                    path: lockPath, reason: "the lock file is a symbolic link; remove it (the store creates a plain file)")
            } catch .system(_, _, let code) {
                throw TokenStoreError.io(operation: "open lock", path: lockPath, errno: code)
            } catch .notRegularFile(_, let kind) {
                throw TokenStoreError.unsafeFile(
                    path: lockPath,
                    reason: "the lock file is \(kind), not a regular file; remove it (the store creates a plain file)")
            } catch {
                throw Self.error(error)
            }
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let code = errno
                    close(descriptor)
                    throw TokenStoreError.io(operation: "flock", path: lockPath, errno: code)
                }
            }
            // `delete()` removes the lock file while holding it: a lock on the removed file
            // excludes nobody (the next process creates a new one), so take the current one.
            guard Self.isCurrentFile(descriptor, path: lockPath) else {
                Self.releaseLock(descriptor)
                continue
            }
            return descriptor
        }
    }

    private static func releaseLock(_ descriptor: Int32) {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether `descriptor` is still the file at `path` (not unlinked or replaced meanwhile).
    private static func isCurrentFile(_ descriptor: Int32, path: String) -> Bool {
        var held = stat()
        var current = stat()
        guard fstat(descriptor, &held) == 0 else { return true }
        return lstat(path, &current) == 0 && current.st_ino == held.st_ino && current.st_dev == held.st_dev
    }

    private func writeAtomically(_ data: Data) throws {
        do {
            try PrivateFileWriter.write(data, to: fileURL.path)
        } catch {
            throw TokenStoreError.io(operation: error.operation, path: error.path, errno: error.errno)
        }
    }

    /// The store's words for a token file that was not read.
    private static func error(_ failure: PrivateFileReader.Failure) -> TokenStoreError {
        switch failure {
        case .system(let operation, let path, let errno):
            return .io(operation: operation, path: path, errno: errno)
        case .accessibleByOthers(let path, let mode):
            return .unsafeFile(
                path: path,
                reason: "the token file is accessible by other users (mode 0\(String(mode, radix: 8))); "
                    + "run `chmod 600 \(path)`, and sign in again if others may have read it")
        case .ownedByAnotherUser(let path, let uid):
            return .unsafeFile(path: path, reason: "the token file is owned by another user (uid \(uid))")
        case .tooLarge(let path, _):
            return .corrupt(path: path, reason: "larger than 1 MiB")
        case .notRegularFile(let path, let kind):
            return .unsafeFile(
                path: path,
                reason:
                    "the token file is \(kind), not a regular file (nothing was read from it); remove it; the tool writes a regular file when you sign in again"
            )
        }
    }
}

// MARK: - CustomStringConvertible

extension FileTokenStore: CustomStringConvertible {
    public var description: String { "FileTokenStore(\(fileURL.path))" }
}
