import Foundation
import GoogleAuth
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files other users can reach: a token file with group/other permission bits is refused (as
/// `ssh` refuses such a private key), and a symbolic link at the lock path is never followed.
@Suite("FileTokenStore against other users")
struct FileTokenStoreSafetyTests {
    @Test(
        "A token file other users can read or write is refused with the fix in the message",
        arguments: [0o644, 0o640, 0o604, 0o620, 0o602, 0o666, 0o700])
    func permissiveFileIsRefused(mode: Int) async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("credentials.json")
        let store = FileTokenStore(fileURL: file)
        try await store.save(FileTokenStoreTests.credentials(1))
        chmod(file.path, mode_t(mode))

        if mode & 0o077 == 0 {
            // 0700 has no group/other bits: nothing for others to read.
            #expect(try await store.load() == FileTokenStoreTests.credentials(1))
            return
        }
        let error = await #expect(throws: TokenStoreError.self) { _ = try await store.load() }
        guard let error, error.code == .unsafeFile, let path = error.path, let reason = error.reason else {
            Issue.record("expected unsafeFile, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(reason.contains("chmod 600") && reason.contains(String(mode, radix: 8)), "\(reason)")
        #expect(!"\(error)".contains("ya29"))

        // Following the advice makes it load again; saving also restores 0600.
        chmod(file.path, 0o600)
        #expect(try await store.load() == FileTokenStoreTests.credentials(1))
        chmod(file.path, mode_t(mode))
        try await store.save(FileTokenStoreTests.credentials(2))
        #expect(try await store.load() == FileTokenStoreTests.credentials(2))
    }

    @Test("A symlink planted at the lock path is refused; what it points at is never created or touched")
    func lockSymlinkIsRefused() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let elsewhere = root.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let app = root.appendingPathComponent("app", isDirectory: true)
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let file = app.appendingPathComponent("credentials.json")
        let lock = file.path + ".lock"

        // 1. The link points at a file that does not exist: it must not be created.
        let missing = elsewhere.appendingPathComponent("created-by-victim")
        #expect(symlink(missing.path, lock) == 0)
        let store = FileTokenStore(fileURL: file)
        for operation in [
            { try await store.save(FileTokenStoreTests.credentials(1)) },
            { try await store.delete() },
        ] as [@Sendable () async throws -> Void] {
            let error = await #expect(throws: TokenStoreError.self) { try await operation() }
            guard let error, error.code == .unsafeFile, let path = error.path, let reason = error.reason else {
                Issue.record("expected unsafeFile, got \(String(describing: error))")
                continue
            }
            #expect(path == lock)
            #expect(reason.contains("symbolic link"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(!FileManager.default.fileExists(atPath: file.path))

        // 2. The link points at an existing file: its content and mode stay as they were.
        let precious = elsewhere.appendingPathComponent("precious")
        try Data("precious".utf8).write(to: precious)
        chmod(precious.path, 0o644)
        unlink(lock)
        #expect(symlink(precious.path, lock) == 0)
        await #expect(throws: TokenStoreError.self) { try await store.save(FileTokenStoreTests.credentials(1)) }
        #expect(try Data(contentsOf: precious) == Data("precious".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: precious.path)
        #expect(attributes[.posixPermissions] as? Int == 0o644)

        // Removing the link is the fix.
        unlink(lock)
        try await store.save(FileTokenStoreTests.credentials(1))
        #expect(try await store.load() == FileTokenStoreTests.credentials(1))
    }

    @Test("A FIFO, a directory or a socket where the token file should be is refused at once, naming it")
    func nonRegularFileIsRefused() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let fifo = root.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let folder = root.appendingPathComponent("folder.json")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for (file, kind) in [(fifo, "a FIFO"), (folder, "a directory")] {
            // Before, the open of a FIFO waited for a writer that never came.
            let error = await #expect(throws: TokenStoreError.self) { _ = try await FileTokenStore(fileURL: file).load() }
            #expect(error?.code == .unsafeFile && error?.path == file.path, "\(String(describing: error))")
            #expect(error?.reason?.contains(kind) == true, "\(String(describing: error))")
        }
    }

    @Test("A FIFO, a directory or a socket where the lock file should be is refused at once, naming it")
    func nonRegularLockFileIsRefused() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("tokens.json")
        let lock = file.path + ".lock"
        #expect(mkfifo(lock, 0o600) == 0)
        let store = FileTokenStore(fileURL: file)
        // Before, the lock's open took the FIFO (read-write opens of a FIFO do not wait on
        // Linux) and the store locked and used it as if it were its own file.
        let saved = await #expect(throws: TokenStoreError.self) { try await store.save(FileTokenStoreTests.credentials(1)) }
        #expect(saved?.code == .unsafeFile && saved?.path == lock, "\(String(describing: saved))")
        #expect(saved?.reason?.contains("a FIFO") == true, "\(String(describing: saved))")
        #expect(!FileManager.default.fileExists(atPath: file.path), "nothing written while the lock is not a file")

        unlink(lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let cleared = await #expect(throws: TokenStoreError.self) { try await store.delete() }
        #expect(cleared?.code == .unsafeFile && cleared?.reason?.contains("a directory") == true, "\(String(describing: cleared))")

        // Removing it is the fix.
        try FileManager.default.removeItem(atPath: lock)
        try await store.save(FileTokenStoreTests.credentials(1))
        #expect(try await store.load() == FileTokenStoreTests.credentials(1))
    }
}
