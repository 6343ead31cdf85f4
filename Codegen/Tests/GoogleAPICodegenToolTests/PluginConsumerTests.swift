import Foundation
import Testing

/// A package outside this one (Fixtures/PluginConsumer, with a made-up third API) depends on this
/// package by path and uses both plugins, as the README's "Using it from your own package"
/// describes. Slow: it builds the runtime and the generator from scratch in a fresh scratch folder.
@Suite("a package outside this one uses the build and command plugins")
struct PluginConsumerTests {
    @Test(
        "generate-google-api-sources writes checked-in sources; swift build generates the rest; the demo runs",
        .timeLimit(.minutes(30)))
    func fixturePackageBuildsAndRuns() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("PluginConsumer")
        let scratch = work.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/PluginConsumer"),
            to: package)
        // The real path of the package under test; a path dependency's identity is its folder's
        // name, which is what `package:` must say.
        let root = CodegenProcess.packageRoot
        let manifestURL = package.appendingPathComponent("Package.swift")
        let manifest = try String(contentsOf: manifestURL, encoding: .utf8)
            .replacingOccurrences(of: "GOOGLE_API_SWIFT_PATH", with: root.path)
            .replacingOccurrences(of: "package: \"google-api-swift\"", with: "package: \"\(root.lastPathComponent.lowercased())\"")
        try manifest.write(to: manifestURL, atomically: true, encoding: .utf8)

        let clock = ContinuousClock()
        let started = clock.now
        // `swift <subcommand> --scratch-path DIR ...`: before a plugin's verb, so SwiftPM reads it.
        // At the lowest priority: the other tests of a parallel `swift test` keep the CPU they need.
        // TMPDIR inside the work folder: SwiftPM's lock files for the scratch path go away with it.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = work.path
        func swift(_ subcommand: String, _ arguments: [String]) async throws -> CodegenProcess.Result {
            try await CodegenProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["nice", "-n", "19", "swift", subcommand, "--scratch-path", scratch.path] + arguments,
                directory: package, environment: environment, timeout: .seconds(1500))
        }

        // The command plugin: only the target that asks for checked-in sources gets them.
        let generate = try await swift("package", ["--allow-writing-to-package-directory", "generate-google-api-sources"])
        #expect(generate.status == 0, "\(generate.standardError)")
        let generated = package.appendingPathComponent("Sources/NotesCheckedIn/Generated")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: generated.path)) ?? []
        #expect(
            Set(files) == [
                "NotesCheckedIn+Service.swift", "NotesCheckedIn+ResourcesN.swift", "NotesCheckedIn+SchemasN.swift",
                "NotesCheckedIn+Support.swift",
            ])
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/NotesAPI/Generated").path))
        let afterGenerate = clock.now

        // The build plugin generates NotesAPI; the checked-in sources compile as they are.
        let build = try await swift("build", ["--product", "notes-demo"])
        #expect(build.status == 0, "\(build.standardOutput)\n\(build.standardError)")
        let afterBuild = clock.now
        // NotesAPI's config includes notes.get and notes.insert: no list, no NoteList (only its
        // methods' schemas), and the file names the plugin declared for the whole document.
        let outputs = scratch.appendingPathComponent("plugins/outputs")
        let notesAPI =
            FileManager.default.enumerator(atPath: outputs.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && $0.contains("NotesAPI+") }.map { outputs.appendingPathComponent($0) } ?? []
        let notesSource = try notesAPI.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(Set(notesAPI.map(\.lastPathComponent)).count == 4)
        #expect(notesSource.contains("public struct Note: ") && !notesSource.contains("NoteList"))
        #expect(notesSource.contains("public func get(") && notesSource.contains("public func insert("))
        #expect(!notesSource.contains("public func list(") && !notesSource.contains("public func delete("))

        let demo = try await CodegenProcess.run(scratch.appendingPathComponent("debug/notes-demo"), [], directory: package)
        #expect(demo.status == 0, "\(demo.standardError)")
        #expect(demo.standardOutput.contains("note n1 Groceries ACTIVE [\"home\"]"))
        #expect(demo.standardOutput.contains("service notes v1 scope https://www.googleapis.com/auth/notes.readonly"))
        #expect(demo.standardOutput.contains(#"encoded {"title":"checked in"}"#))
        // NamespaceCheck compiled: GoogleDrive imports next to NIOHTTP1's and HTTPTypes' names.
        #expect(demo.standardOutput.contains(#"namespace ["accept"] GET 204 /files 200 Drive"#))

        // An edit to google-api-codegen.json takes effect on the next build, Package.swift
        // untouched: SwiftPM does not ask the plugin again, the generator reads the file.
        let config = package.appendingPathComponent("Sources/NotesAPI/google-api-codegen.json")
        let edited = try String(contentsOf: config, encoding: .utf8)
            .replacingOccurrences(of: #"["notes.get", "notes.insert"]"#, with: #"["notes.get", "notes.insert", "notes.list"]"#)
        #expect(edited.contains("notes.list"))
        try edited.write(to: config, atomically: true, encoding: .utf8)
        let rebuild = try await swift("build", ["--product", "notes-demo"])
        #expect(rebuild.status == 0, "\(rebuild.standardOutput)\n\(rebuild.standardError)")
        let regenerated = try notesAPI.map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        #expect(regenerated.contains("public func list(") && regenerated.contains("NoteList"), "the new include was generated")
        // A typo is reported from the file as it is now, and fixing it is enough.
        try edited.replacingOccurrences(of: "notes.list", with: "notes.lsit").write(to: config, atomically: true, encoding: .utf8)
        let typo = try await swift("build", ["--product", "notes-demo"])
        #expect(typo.status != 0)
        #expect((typo.standardOutput + typo.standardError).contains("notes.lsit"))
        try edited.write(to: config, atomically: true, encoding: .utf8)
        let fixed = try await swift("build", ["--product", "notes-demo"])
        #expect(fixed.status == 0, "\(fixed.standardOutput)\n\(fixed.standardError)")
        // The module name decides the file names SwiftPM was told about: changing it asks for a
        // new plan instead of writing files SwiftPM does not expect.
        try edited.replacingOccurrences(of: #""moduleName": "NotesAPI""#, with: #""moduleName": "Renamed""#)
            .write(to: config, atomically: true, encoding: .utf8)
        let renamed = try await swift("build", ["--product", "notes-demo"])
        #expect(renamed.status != 0)
        #expect((renamed.standardOutput + renamed.standardError).contains("touch Package.swift"))
        print("plugin consumer: command plugin \(afterGenerate - started), build \(afterBuild - afterGenerate)")
    }
}
