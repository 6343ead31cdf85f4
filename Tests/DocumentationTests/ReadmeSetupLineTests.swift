import Foundation
import TestSupport
import Testing

// MARK: - README's one-line setup

/// README's setup line, run by `sh` with stand-ins for `id`, `sudo`, `apt-get` and `swift` that
/// record their calls: as root it must not call `sudo` (a root container has none), as a user it
/// must.
@Suite struct ReadmeSetupLineTests {
    private static func setupLine() throws -> String {
        let readme = try String(contentsOf: DocumentationSnippetTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        return try #require(
            readme.split(separator: "\n").first { $0.contains("apt-get install") && $0.contains("google-api-demo") }.map(String.init))
    }

    /// Runs the line with `id -u` answering `uid`; returns the recorded calls, one a line.
    private static func run(asUID uid: Int, sudoExists: Bool) async throws -> (status: Int32, calls: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setup-line-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("calls.log")
        func tool(_ name: String, _ body: String) throws {
            let url = folder.appendingPathComponent(name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        try tool("id", "echo \(uid)")
        try tool("apt-get", "echo \"apt-get $*\" >> '\(log.path)'")
        try tool("swift", "echo \"swift $*\" >> '\(log.path)'")
        if sudoExists { try tool("sudo", "echo sudo >> '\(log.path)'; exec \"$@\"") }
        var environment = ProcessInfo.processInfo.environment
        // Only the stand-ins, and the shell's own folder for `[` and `echo`'s siblings.
        environment["PATH"] = folder.path + ":/usr/bin/nonexistent"
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", try setupLine()], environment: environment)
        let calls = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return (result.status, calls)
    }

    @Test func asRootItRunsWithoutSudo() async throws {
        let (status, calls) = try await Self.run(asUID: 0, sudoExists: false)
        #expect(status == 0)
        #expect(
            calls == [
                "apt-get update", "apt-get install -y libcurl4-openssl-dev pkg-config curl", "swift run google-api-demo",
            ])
    }

    @Test func asAUserItUsesSudo() async throws {
        let (status, calls) = try await Self.run(asUID: 1000, sudoExists: true)
        #expect(status == 0)
        #expect(
            calls == [
                "sudo", "apt-get update", "sudo", "apt-get install -y libcurl4-openssl-dev pkg-config curl", "swift run google-api-demo",
            ])
    }
}
