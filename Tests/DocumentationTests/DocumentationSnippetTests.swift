import Foundation
import TestSupport
import Testing

// MARK: - DocumentationSnippetTests

/// Every Swift block of README.md and of the DocC articles and landing pages type-checks against
/// the built modules, so an example that drifts from the API fails the suite. The blocks become
/// functions of one file (`Context/SnippetContext.swift` declares the names the prose gives them:
/// `drive`, `session`, `fileID`, …) that `swiftc -typecheck` checks; messages name the document
/// and its line.
@Suite("Documentation snippets")
struct DocumentationSnippetTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, then every `.md` of every `.docc` catalog under Sources/, sorted.
    static func documents() throws -> [String] {
        var files = ["README.md"]
        let sources = packageRoot.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let moduleURL = sources.appendingPathComponent(module)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: moduleURL.path)) ?? [] where entry.hasSuffix(".docc") {
                let catalog = moduleURL.appendingPathComponent(entry)
                let enumerator = FileManager.default.enumerator(atPath: catalog.path)
                while let name = enumerator?.nextObject() as? String {
                    if name.hasSuffix(".md") { files.append("Sources/\(module)/\(entry)/\(name)") }
                }
            }
        }
        return files.sorted()
    }

    @Test("The documents have Swift blocks to check")
    func documentsHaveSnippets() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(DocumentationSnippet.snippets(in: readme, file: "README.md").count >= 3)
    }

    @Test("The block scanner finds swift blocks, indented ones too, and skips other languages")
    func scanner() {
        let text = """
            Text
            ```sh
            ```swift
            not a block: inside sh
            ```
            - item:

              ```swift
              let a = 1
                  .description
              ```
            ````swift
            let b = "```"
            ````
            """
        let snippets = DocumentationSnippet.snippets(in: text, file: "x.md")
        #expect(snippets.count == 2)
        #expect(snippets.first?.lines == ["let a = 1", "    .description"])
        #expect(snippets.first?.line == 9)
        #expect(snippets.last?.lines == ["let b = \"```\""])
    }

    @Test("Every Swift block in README.md and the DocC articles type-checks")
    func snippetsTypeCheck() async throws {
        #if os(Linux)
        var imports: Set<String> = []
        var functions: [String] = []
        var count = 0
        for file in try Self.documents() {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            // An article's blocks continue each other (a name one declares is used by the next),
            // so they are one function; README's examples stand alone.
            let snippets = DocumentationSnippet.snippets(in: text, file: file).filter { !$0.isManifest }
            let groups = file == "README.md" ? snippets.map { [$0] } : (snippets.isEmpty ? [] : [snippets])
            for group in groups {
                count += group.count
                functions.append(DocumentationSnippet.function(of: group, named: "snippet\(functions.count)", imports: &imports))
            }
        }
        let context = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("Tests/DocumentationTests/Context/SnippetContext.swift"),
            encoding: .utf8)
        let source = imports.sorted().joined(separator: "\n") + "\n\n" + context + "\n" + functions.joined(separator: "\n")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Snippets.swift")
        try Data(source.utf8).write(to: file)
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        let result = try await ChildProcess.run(
            try Self.compiler(),
            [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-suppress-warnings", "-module-name", "DocumentationSnippets",
                "-I", modules.path, "-I", Self.packageRoot.appendingPathComponent("Sources/CCurl").path,
                file.path,
            ], directory: Self.packageRoot, timeout: .seconds(600))
        #expect(count >= 10, "found only \(count) Swift blocks")
        #expect(result.status == 0, "\(count) documentation snippets; swiftc says:\n\(result.standardError)")
        #endif
    }

    @Test("Every Package.swift in README.md and the DocC articles type-checks against PackageDescription")
    func manifestsTypeCheck() async throws {
        #if os(Linux)
        let compiler = try Self.compiler()
        // The manifest API the toolchain's package manager compiles manifests with.
        let manifestAPI = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/pm/ManifestAPI")
        var checked = 0
        for file in try Self.documents() {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for snippet in DocumentationSnippet.snippets(in: text, file: file) where snippet.isManifest {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let manifest = folder.appendingPathComponent("Package.swift")
                let source =
                    "#sourceLocation(file: \"\(file)\", line: \(snippet.line + 1))\n"
                    + snippet.lines.dropFirst().joined(separator: "\n")
                try Data(source.utf8).write(to: manifest)
                let result = try await ChildProcess.run(
                    compiler,
                    [
                        "-typecheck", "-swift-version", "6", "-package-description-version", "6.0.0", "-I", manifestAPI.path,
                        "-module-name", "Manifest", manifest.path,
                    ], timeout: .seconds(300))
                #expect(result.status == 0, "\(file):\(snippet.line): swiftc says:\n\(result.standardError)")
                checked += 1
            }
        }
        #expect(checked >= 1)
        #endif
    }

    /// `swiftc` from the toolchain that runs the tests: on `PATH`, or next to `swift`.
    static func compiler() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        struct NoCompiler: Error {}
        throw NoCompiler()
    }
}
