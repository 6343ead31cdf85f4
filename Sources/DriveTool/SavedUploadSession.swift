import Foundation
import GoogleAPIRuntime
import GoogleAuth
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SavedUploadSession

/// Where `drive files upload` keeps an unfinished upload's session so `--resume` can continue
/// it: a JSON file next to the token store, one per source path, mode 0600 (the session URI
/// lets anyone holding it upload into the session), replaced atomically so a crash mid-write
/// leaves the previous checkpoint, not half of one.
struct SavedUploadSession: Sendable {
    /// The session file.
    let fileURL: URL

    /// - Parameters:
    ///   - tokenStore: The tool's token file; the session is saved in its folder.
    ///   - source: The file being uploaded (its absolute path names the session file).
    init(tokenStore: URL, source: URL) {
        let key = SHA256.hex(SHA256.hash(source.standardizedFileURL.path)).prefix(16)
        fileURL = tokenStore.deletingLastPathComponent().appendingPathComponent("upload-\(key).json")
    }

    /// The file holds `{"version": 1, "session": {...}}` so the format can evolve.
    private struct Envelope: Codable {
        var version: Int
        var session: ResumableUploadSession
    }

    // MARK: - Load, save, delete

    /// The saved session, or `nil` when there is none.
    /// - Throws: ``CommandLineError``-ready messages when the file is unreadable or damaged.
    func load() async throws -> ResumableUploadSession? {
        let url = fileURL
        let data = try await DedicatedThread.run("SavedUploadSession.load") { () throws -> Data? in
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return try Data(contentsOf: url)
        }
        guard let data else { return nil }
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: data)
            guard envelope.version == 1 else { throw SavedUploadSessionError.unsupportedVersion(envelope.version) }
            return envelope.session
        } catch {
            throw SavedUploadSessionError.damaged(path: url.path, reason: "\(error)")
        }
    }

    /// Replaces the saved session atomically (temporary file, `fsync`, `rename`), mode 0600.
    func save(_ session: ResumableUploadSession) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Envelope(version: 1, session: session))
        let url = fileURL
        try await DedicatedThread.run("SavedUploadSession.save") { try Self.writeAtomically(data, to: url) }
    }

    /// Deletes the saved session; a missing file is not an error.
    func delete() async throws {
        let path = fileURL.path
        try await DedicatedThread.run("SavedUploadSession.delete") {
            guard unlink(path) == 0 || errno == ENOENT else { throw SavedUploadSessionError.io("unlink", path: path, errno: errno) }
        }
    }

    // MARK: - File system

    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            try PrivateFileWriter.write(data, to: url.path)
        } catch {
            throw SavedUploadSessionError.io(error.operation, path: error.path, errno: error.errno)
        }
    }
}

// MARK: - SavedUploadSessionError

/// Why a saved upload session could not be read or written.
enum SavedUploadSessionError: Error, CustomStringConvertible {
    case unsupportedVersion(Int)
    case damaged(path: String, reason: String)
    case io(String, path: String, errno: Int32)

    var description: String {
        switch self {
        case .unsupportedVersion(let version): "unsupported version \(version)"
        case .damaged(let path, let reason): "the saved upload session \(path) is damaged (\(reason)); delete it to start over"
        case .io(let operation, let path, let code): "\(operation) \(path) failed: \(String(cString: strerror(code)))"
        }
    }
}
