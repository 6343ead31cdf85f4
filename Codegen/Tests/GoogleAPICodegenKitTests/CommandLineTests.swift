import Foundation
import Testing
@testable import GoogleAPICodegenKit

// MARK: - Command line

@Suite struct CommandLineTests {
    @Test func parsesGenerateWithOptions() throws {
        let parsed = try CodegenCommandLine.parse(["generate", "a.json", "--output-directory", "out", "--module-name", "GoogleA"])
        #expect(parsed == CodegenCommandLine(documents: ["a.json"], outputDirectory: "out", moduleName: "GoogleA", quiet: false))
        let equals = try CodegenCommandLine.parse(["generate", "--output-directory=o", "a.json", "b.json", "-q"])
        #expect(equals.documents == ["a.json", "b.json"] && equals.outputDirectory == "o" && equals.quiet)
    }

    @Test(arguments: [
        (["build"], "expected the 'generate' subcommand, found 'build'"),
        (["generate", "--output-directory", "o"], "no Discovery documents given"),
        (["generate", "a.json"], "missing --output-directory"),
        (["generate", "a.json", "--output-directory"], "missing value for --output-directory"),
        (["generate", "a.json", "--bogus"], "unknown option '--bogus'"),
        (["generate", "a.json", "b.json", "-o", "o", "--module-name", "X"], "--module-name applies to a single document"),
    ])
    func rejectsBadArguments(arguments: [String], message: String) {
        #expect(throws: CodegenCommandLine.UsageError(description: message)) {
            try CodegenCommandLine.parse(arguments)
        }
    }

    @Test func runnerWritesFilesAndReportsFailures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\n \"schemas\": 3\n}".utf8).write(to: bad)

        let messages = MessageLog()
        let output = directory.appendingPathComponent("out")
        let failures = CodegenRunner.run(
            CodegenCommandLine(documents: [Fixtures.url("methods.json").path, bad.path], outputDirectory: output.path, moduleName: nil, quiet: true),
            report: messages.append
        )
        #expect(failures == 1)
        #expect(messages.lines == ["\(bad.path):2: error: schemas: expected an object, found a number"])
        let written = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("methods").path).sorted()
        let expected = try Fixtures.generate("methods")
        #expect(written == Renderer(moduleName: "GoogleLibrary").fileNames(expected.service).sorted())

        // A second run leaves unchanged files untouched.
        let service = output.appendingPathComponent("methods/GoogleLibrary+Service.swift")
        let before = try FileManager.default.attributesOfItem(atPath: service.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        _ = CodegenRunner.run(
            CodegenCommandLine(documents: [Fixtures.url("methods.json").path], outputDirectory: output.appendingPathComponent("methods").path, moduleName: nil, quiet: true),
            report: messages.append
        )
        let after = try FileManager.default.attributesOfItem(atPath: service.path)[.modificationDate] as? Date
        #expect(before == after)
    }
}

/// Collects runner output from its concurrent workers.
private final class MessageLog: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    var lines: [String] { lock.withLock { storage } }

    func append(_ line: String) {
        lock.withLock { storage.append(line) }
    }
}
