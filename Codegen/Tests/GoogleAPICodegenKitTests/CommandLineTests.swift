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

    @Test(arguments: ["../../../X", "a/b", "", "1Module", "My-API", "class", String(repeating: "M", count: 65), "Caf\u{E9}", "X\rY"])
    func moduleNameMustBeAnIdentifier(name: String) {
        let error = #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(["generate", "a.json", "-o", "out", "--module-name", name])
        }
        #expect(error?.description.hasPrefix("--module-name must be a Swift identifier") == true)
        #expect(error?.description.contains("\r") == false, "control characters are escaped in the message")
    }

    @Test func duplicateBaseNamesAreAnError() throws {
        let error = #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(["generate", "v1/drive.v3.json", "v2/drive.v3.json", "-o", "out"])
        }
        #expect(
            error?.description
                == "'v1/drive.v3.json' and 'v2/drive.v3.json' would both be written to out/drive.v3/: rename one, or generate them in separate runs"
        )
        // Case-insensitive file systems would merge these too.
        #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(["generate", "a/Drive.json", "b/drive.json", "-o", "out"])
        }
        #expect(try CodegenCommandLine.parse(["generate", "a/drive.json", "b/youtube.json", "-o", "out"]).documents.count == 2)
    }

    @Test(arguments: [
        (#"{"installed": {"client_id": "x", "client_secret": "SECRET"}}"#, "OAuth client secret file"),
        (#"{"web": {"client_id": "x"}}"#, "OAuth client secret file"),
        (#"{"type": "service_account", "private_key": "SECRET", "client_email": "a@b"}"#, "service account key file"),
        (#"{"error": {"code": 404, "message": "Not Found", "status": "NOT_FOUND"}}"#, "Google error response"),
        (#"{"hello": "world"}"#, "has none of their keys"),
    ])
    func otherJSONFilesAreNamedForWhatTheyAre(json: String, what: String) {
        let error = #expect(throws: DiscoveryParseError.self) { try Fixtures.generate(json: json) }
        #expect(error?.message.hasPrefix("not a REST Discovery document") == true)
        #expect(error?.message.contains(what) == true, "\(error?.message ?? "")")
        #expect(error?.description.contains("SECRET") == false)
    }

    @Test func failedGenerationWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The first schema translates, the last one fails: no file may appear.
        let document = directory.appendingPathComponent("late.json")
        try Data(
            Fixtures.document(schemas: #"{"A": {"type": "object", "properties": {"x": {"type": "string"}}}, "Z": {"$ref": "Missing"}}"#)
                .utf8
        ).write(to: document)
        let output = directory.appendingPathComponent("out")
        let messages = MessageLog()
        let failures = CodegenRunner.run(
            CodegenCommandLine(documents: [document.path], outputDirectory: output.path, moduleName: nil, quiet: true),
            report: messages.append)
        #expect(failures == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func overLongNamesAreShortenedBeforeTheyReachTheFileSystem() throws {
        let long = String(repeating: "Name", count: 2500)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let document = directory.appendingPathComponent("long.json")
        try Data(
            Fixtures.document(
                schemas:
                    #"{"\#(long)": {"type": "object", "properties": {"\#(long.lowercased())": {"type": "string"}}}, "\#(long)2": {"type": "object"}}"#,
                resources: #"{"\#(long)": {"methods": {"\#(long)": {"path": "x", "httpMethod": "GET", "response": {"$ref": "\#(long)"}}}}}"#
            ).utf8
        ).write(to: document)
        let output = directory.appendingPathComponent("out")
        let messages = MessageLog()
        let failures = CodegenRunner.run(
            CodegenCommandLine(documents: [document.path], outputDirectory: output.path, moduleName: "Long", quiet: true),
            report: messages.append)
        #expect(failures == 0, "\(messages.lines)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
        // Service, the resource bucket, the schema bucket (both schemas), support.
        #expect(files.count == 4)
        #expect(files.allSatisfy { $0.utf8.count <= 120 })
        // Deterministic, distinct, and hashed from the whole name.
        let generated = try CodeGenerator.generate(contentsOf: document, moduleName: "Long")
        #expect(generated.files.map(\.name).sorted() == files.sorted())
        let names = generated.service.schemas.map(\.name)
        #expect(Set(names).count == 2 && names.allSatisfy { $0.utf8.count <= GeneratedFileLayout.maximumNameLength })
    }

    @Test func runnerDeletesFilesAnEarlierRunWroteButKeepsOthers() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // An earlier layout's file (with the generated header), a user's file with the same
        // prefix, and another module's generated file.
        let stale = directory.appendingPathComponent("GoogleLibrary+BooksResource.swift")
        try Data("// Generated by google-api-codegen from the library v1 Discovery document.\nstruct Old {}\n".utf8).write(to: stale)
        let mine = directory.appendingPathComponent("GoogleLibrary+MyExtensions.swift")
        try Data("extension GoogleLibrary {}\n".utf8).write(to: mine)
        let other = directory.appendingPathComponent("Other+Service.swift")
        try Data("// Generated by google-api-codegen from the other v1 Discovery document.\n".utf8).write(to: other)

        let messages = MessageLog()
        let failures = CodegenRunner.run(
            CodegenCommandLine(
                documents: [Fixtures.url("methods.json").path], outputDirectory: directory.path, moduleName: nil, quiet: true),
            report: messages.append)
        #expect(failures == 0, "\(messages.lines)")
        let expected = try Fixtures.generate("methods")
        let names = Renderer(moduleName: "GoogleLibrary").fileNames(expected.service)
        #expect(!names.contains(stale.lastPathComponent))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == (names + [mine.lastPathComponent, other.lastPathComponent]).sorted())
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
            CodegenCommandLine(
                documents: [Fixtures.url("methods.json").path, bad.path], outputDirectory: output.path, moduleName: nil, quiet: true),
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
            CodegenCommandLine(
                documents: [Fixtures.url("methods.json").path], outputDirectory: output.appendingPathComponent("methods").path,
                moduleName: nil, quiet: true),
            report: messages.append
        )
        let after = try FileManager.default.attributesOfItem(atPath: service.path)[.modificationDate] as? Date
        #expect(before == after)
    }

    /// `--configuration`: the build plugin's way to pass `include`, read when the generator
    /// runs, so an edit to the file takes effect without SwiftPM asking the plugin again.
    @Test func configurationFileIsReadWhenTheGeneratorRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let document = Fixtures.url("methods.json").path
        let config = directory.appendingPathComponent("google-api-codegen.json")
        let output = directory.appendingPathComponent("out")
        let arguments = [
            "generate", document, "--output-directory", output.path, "--module-name", "Fixture", "--configuration", config.path, "--quiet",
        ]
        func write(_ json: String) throws { try Data(json.utf8).write(to: config) }
        func generated() throws -> String {
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
                .map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined()
        }
        let messages = MessageLog()

        try write(#"{"discoveryDocument": "\#(document)", "moduleName": "Fixture", "include": ["ping"]}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 0, "\(messages.lines)")
        let subset = try generated()
        try write(#"{"discoveryDocument": "\#(document)", "moduleName": "Fixture"}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 0, "\(messages.lines)")
        let whole = try generated()
        #expect(whole.count > subset.count, "the same arguments, the file edited: the whole document now")

        try write(#"{"discoveryDocument": "\#(document)", "include": ["nope.get"]}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 1)
        #expect(messages.lines.last?.contains("nope.get") == true)

        try write(#"{"discoveryDocument": "\#(document)", "moduleName": "Other"}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 1)
        #expect(messages.lines.last?.hasPrefix("\(config.path):1: error: \"moduleName\" changed") == true)
        #expect(messages.lines.last?.contains("touch Package.swift") == true)

        try write(#"{"discoveryDocument": "other.json"}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 1)
        #expect(messages.lines.last?.contains("\"discoveryDocument\" changed") == true)

        try write(#"{"discoveryDocument": "\#(document)", "include": "ping"}"#)
        #expect(CodegenRunner.main(arguments, report: messages.append) == 1)
        #expect(messages.lines.last?.contains("\"include\" must be a list") == true)

        #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(arguments + ["--include", "ping"])
        }
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
