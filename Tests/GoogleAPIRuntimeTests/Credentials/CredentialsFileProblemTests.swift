import Foundation
import GoogleAPIRuntime
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Credentials files named for what they are (issue 36, point 3): each odd path gets its own
/// message with the path and a remedy, and reading never blocks or passes the limit.
@Suite("Credentials files that are not files")
struct CredentialsFileProblemTests {
    static func expectRefused(_ path: String, home: TemporaryDirectory, code: CredentialsError.Code, saying words: String) async {
        await #expect {
            _ = try await ApplicationDefaultCredentials.find(
                scopes: [],
                environment: try ApplicationDefaultCredentialsTests.environment(["GOOGLE_APPLICATION_CREDENTIALS": path], home: home.url))
        } throws: { error in
            let error = error as? CredentialsError
            return error?.code == code && error?.message.contains(words) == true
                && error?.message.contains("GOOGLE_APPLICATION_CREDENTIALS (\(path))") == true && error?.remedy != nil
        }
    }

    @Test("a FIFO nobody writes to is refused at once, not waited on")
    func fifo() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let path = home.file("fifo.json").path
        #expect(mkfifo(path, 0o600) == 0)
        // Opening a FIFO for reading without a writer blocks forever unless done without
        // blocking: this returning at all is the check.
        await Self.expectRefused(path, home: home, code: .unreadableFile, saying: "is a device, FIFO or socket")
    }

    @Test("/dev/zero and /dev/urandom are devices, never read")
    func devices() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        for device in ["/dev/zero", "/dev/urandom"] {
            await Self.expectRefused(device, home: home, code: .unreadableFile, saying: "is a device, FIFO or socket")
        }
    }

    @Test("a directory, a symbolic link loop, a dangling link, non-JSON and an empty file each say so")
    func namedProblems() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        await Self.expectRefused(home.url.path, home: home, code: .unreadableFile, saying: "is a directory")
        let a = home.file("a.json").path
        let b = home.file("b.json").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        await Self.expectRefused(a, home: home, code: .unreadableFile, saying: "symbolic link loop")
        let dangling = home.file("dangling.json").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: home.file("gone.json").path)
        await Self.expectRefused(dangling, home: home, code: .notFound, saying: "does not exist")
        try Data("-----BEGIN PRIVATE KEY-----".utf8).write(to: home.file("key.pem"))
        await Self.expectRefused(home.file("key.pem").path, home: home, code: .malformedFile, saying: "is not JSON")
        try Data().write(to: home.file("empty.json"))
        await Self.expectRefused(home.file("empty.json").path, home: home, code: .malformedFile, saying: "is not JSON (it is empty)")
        try Data("[1, 2]".utf8).write(to: home.file("array.json"))
        await Self.expectRefused(home.file("array.json").path, home: home, code: .malformedFile, saying: "JSON but not an object")
    }

    @Test("a file without read permission says permission denied", .enabled(if: geteuid() != 0, "root reads every file"))
    func permission() async throws {
        let home = try TemporaryDirectory()
        defer { home.cleanUp() }
        let file = home.file("locked.json")
        try Data("{}".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }
        await Self.expectRefused(file.path, home: home, code: .unreadableFile, saying: "permission denied")
    }
}
