import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GoogleBase

// MARK: - FileTokenStore

/// Keeps credentials in a JSON file readable only by the user (mode 0600 in a 0700 folder).
///
/// Writes are atomic and safe across processes: an exclusive `flock` on `<file>.lock` serialises
/// writers, the JSON goes to a uniquely named temporary file in the same folder, which is
/// `fsync`ed and renamed over the target, and then the folder is `fsync`ed. Readers never see a
/// partial file. A damaged file is reported as ``TokenStoreError/corrupt(path:reason:)``.
///
/// Like `ssh` with a private key, loading refuses a token file that other users can read or
/// write (any group or other permission bit) or that another user owns, with
/// ``TokenStoreError/unsafeFile(path:reason:)`` telling how to fix it: tokens others could read
/// must be treated as leaked. The lock file is opened without following symbolic links, so a
/// link planted at its path cannot make the store create or truncate a file elsewhere.
public struct FileTokenStore: TokenStore {
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
        let base = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return FileTokenStore(fileURL: base.appendingPathComponent(application).appendingPathComponent("credentials.json"))
    }

    // MARK: - TokenStore

    // The file work (reads, `flock` waiting for another process, `fsync`) runs on a dedicated
    // thread, never on the caller's cooperative thread.

    public func load() async throws -> OAuthCredentials? {
        let path = fileURL.path
        let data = try await DedicatedThread.run("FileTokenStore.load") { () throws -> Data? in
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { return nil }
                throw TokenStoreError.io(operation: "open", path: path, errno: errno)
            }
            defer { close(descriptor) }
            try Self.requirePrivate(descriptor, path: path)
            return try Self.readAll(descriptor, path: path)
        }
        return try data.map { try Self.decode($0, path: path) }
    }

    public func save(_ credentials: OAuthCredentials) async throws {
        let data = try Self.encode(credentials)
        try await DedicatedThread.run("FileTokenStore.save") { [self] in
            try withExclusiveLock {
                try writeAtomically(data)
            }
        }
    }

    public func delete() async throws {
        try await DedicatedThread.run("FileTokenStore.delete") { [self] in
            try withExclusiveLock {
                guard unlink(fileURL.path) == 0 || errno == ENOENT else {
                    throw TokenStoreError.io(operation: "unlink", path: fileURL.path, errno: errno)
                }
            }
        }
    }

    // MARK: - Format

    /// The file holds `{"version": 1, "credentials": {...}}` so the format can evolve.
    private struct Envelope: Codable {
        var version: Int
        var credentials: OAuthCredentials
    }

    static func encode(_ credentials: OAuthCredentials) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(Envelope(version: 1, credentials: credentials))
        } catch {
            throw TokenStoreError.encodingFailed(reason: "\(type(of: error))")
        }
    }

    static func decode(_ data: Data, path: String) throws -> OAuthCredentials {
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
        } catch let DecodingError.keyNotFound(key, _) {
            throw TokenStoreError.corrupt(path: path, reason: "missing key \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw TokenStoreError.corrupt(path: path, reason: "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw TokenStoreError.corrupt(path: path, reason: "not valid JSON")
        }
    }

    // MARK: - File system

    private var directoryPath: String { fileURL.deletingLastPathComponent().path }

    private func ensureDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directoryPath, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directoryPath, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw TokenStoreError.io(operation: "mkdir", path: directoryPath, errno: errno == 0 ? EIO : errno)
        }
        // mkdir honours the umask; set the mode explicitly.
        chmod(directoryPath, 0o700)
    }

    private func withExclusiveLock<T>(_ body: () throws -> T) throws -> T {
        try ensureDirectory()
        let lockPath = fileURL.path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw TokenStoreError.unsafeFile(
                    path: lockPath, reason: "the lock file is a symbolic link; remove it (the store creates a plain file)")
            }
            throw TokenStoreError.io(operation: "open lock", path: lockPath, errno: errno)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw TokenStoreError.io(operation: "flock", path: lockPath, errno: errno) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private func writeAtomically(_ data: Data) throws {
        do {
            try PrivateFileWriter.write(data, to: fileURL.path)
        } catch {
            throw TokenStoreError.io(operation: error.operation, path: error.path, errno: error.errno)
        }
    }

    /// Refuses a token file other users can read or write, or that another user owns.
    private static func requirePrivate(_ descriptor: Int32, path: String) throws {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw TokenStoreError.io(operation: "fstat", path: path, errno: errno) }
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            throw TokenStoreError.unsafeFile(
                path: path,
                reason: "the token file is accessible by other users (mode 0\(String(mode, radix: 8))); "
                    + "run `chmod 600 \(path)`, and sign in again if others may have read it")
        }
        if status.st_uid != geteuid() {
            throw TokenStoreError.unsafeFile(path: path, reason: "the token file is owned by another user (uid \(status.st_uid))")
        }
    }

    private static func readAll(_ descriptor: Int32, path: String) throws -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw TokenStoreError.io(operation: "read", path: path, errno: errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
            guard result.count <= 1 << 20 else { throw TokenStoreError.corrupt(path: path, reason: "larger than 1 MiB") }
        }
    }
}

// MARK: - CustomStringConvertible

extension FileTokenStore: CustomStringConvertible {
    public var description: String { "FileTokenStore(\(fileURL.path))" }
}
