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

@Suite("FileTokenStore")
struct FileTokenStoreTests {
    static func credentials(_ index: Int) -> OAuthTokens {
        OAuthTokens(
            accessToken: "ya29.access-\(index)", expiresAt: Date(timeIntervalSince1970: 1_800_000_000.25 + Double(index)),
            refreshToken: "1//refresh-\(index)",
            refreshTokenExpiresAt: index.isMultiple(of: 2) ? nil : Date(timeIntervalSince1970: 1_900_000_000),
            scopes: ["email", "scope-\(index)"], idToken: index == 0 ? nil : "h.p.s")
    }

    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }

    @Test("Round trip; 0600 file in a created 0700 folder; no temporary files left")
    func roundTrip() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("nested/app/credentials.json")
        let store = FileTokenStore(fileURL: file)
        #expect(try await store.load() == nil)

        let saved = Self.credentials(1)
        try await store.save(saved)
        #expect(try await store.load() == saved)
        #expect(try mode(file.path) == 0o600)
        #expect(try mode(file.deletingLastPathComponent().path) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
            .filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)

        try await store.save(Self.credentials(2))
        #expect(try await store.load() == Self.credentials(2))
        try await store.delete()
        #expect(try await store.load() == nil)
        try await store.delete()
    }

    @Test("Concurrent writers from tasks and threads leave one complete, valid file")
    func concurrentWriters() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("credentials.json")
        let written = (0..<24).map(Self.credentials)

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask { try? await FileTokenStore(fileURL: file).save(written[index]) }
            }
            // Readers during the writes never see a partial file.
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<20 {
                        do {
                            _ = try await FileTokenStore(fileURL: file).load()
                        } catch {
                            Issue.record("reader saw a bad file: \(error)")
                        }
                    }
                }
            }
        }
        let threads = (16..<24).map { index in
            Thread {
                let semaphore = DispatchSemaphore(value: 0)
                Task {
                    try? await FileTokenStore(fileURL: file).save(written[index])
                    semaphore.signal()
                }
                semaphore.wait()
            }
        }
        threads.forEach { $0.start() }
        // Up to a minute: the saves are tasks, which a loaded machine may start late.
        for _ in 0..<3000 where threads.contains(where: { !$0.isFinished }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let final = try #require(try await FileTokenStore(fileURL: file).load())
        #expect(written.contains(final))
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        #expect(Set(names) == ["credentials.json", "credentials.json.lock"])
    }

    @Test("delete (logout) leaves nothing behind, the lock file included; saves and deletes interleaved stay whole")
    func deleteLeavesNoLockFile() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileTokenStore(fileURL: root.appendingPathComponent("tokens.json"))
        try await store.save(Self.credentials(1))
        try await store.delete()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)

        // Deleting removes the lock others may be waiting on: each must then lock the new one.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask { index % 3 == 0 ? try await store.delete() : try await store.save(Self.credentials(index)) }
            }
            try await group.waitForAll()
        }
        try await store.save(Self.credentials(99))
        #expect(try await store.load() == Self.credentials(99))
        try await store.delete()
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
    }

    @Test(
        "A corrupt file is a typed error, never a crash",
        arguments: [
            "not json at all", "{\"version\":1}", "{\"version\":2,\"credentials\":{}}", "",
            "{\"version\":1,\"credentials\":{\"accessToken\":5}}",
        ])
    func corrupt(content: String) async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("credentials.json")
        try Data(content.utf8).write(to: file)
        chmod(file.path, 0o600)
        let error = await #expect(throws: TokenStoreError.self) { _ = try await FileTokenStore(fileURL: file).load() }
        guard let error, error.code == .corrupt, let path = error.path else {
            Issue.record("expected corrupt, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        // Saving replaces the corrupt file.
        try await FileTokenStore(fileURL: file).save(Self.credentials(3))
        #expect(try await FileTokenStore(fileURL: file).load() == Self.credentials(3))
    }

    @Test("The file never contains anything but the credentials JSON; description shows only the path")
    func description() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = FileTokenStore(fileURL: root.appendingPathComponent("c.json"))
        try await store.save(Self.credentials(5))
        #expect(!store.description.contains("ya29"))
        #expect(store.description.contains("c.json"))
    }

    @Test("A folder that cannot be created is a typed I/O error, not a crash")
    func uncreatableFolder() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let blocker = root.appendingPathComponent("blocker")
        try Data("a regular file".utf8).write(to: blocker)
        let store = FileTokenStore(fileURL: blocker.appendingPathComponent("c.json"))
        let error = await #expect(throws: TokenStoreError.self) { try await store.save(Self.credentials(1)) }
        guard let error, error.code == .io, let operation = error.operation else {
            Issue.record("expected io, got \(String(describing: error))")
            return
        }
        #expect(operation == "mkdir")
        await #expect(throws: TokenStoreError.self) { _ = try await store.load() }
    }
}
