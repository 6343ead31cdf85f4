import Foundation
import Testing

@testable import GoogleAPICodegenKit

// MARK: - Golden files

/// Generated output for each fixture must match its golden file byte for byte.
/// Run with `UPDATE_GOLDENS=1` to rewrite the goldens after an intended change.
@Suite struct GoldenFileTests {
    static let fixtures = ["formats", "methods", "naming", "recursion", "shapes"]

    @Test(arguments: fixtures)
    func generatedSourceMatchesGolden(_ fixture: String) throws {
        let generated = Fixtures.combined(try Fixtures.generate(fixture))
        let goldenURL = Fixtures.url("\(fixture).swift.golden")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(generated.utf8).write(to: goldenURL)
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        if golden != generated {
            let goldenLines = golden.split(separator: "\n", omittingEmptySubsequences: false)
            let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
            let firstDifference =
                (0..<min(goldenLines.count, generatedLines.count)).first { goldenLines[$0] != generatedLines[$0] }
                ?? min(goldenLines.count, generatedLines.count)
            Issue.record(
                """
                \(fixture): generated output differs from \(goldenURL.lastPathComponent) at line \(firstDifference + 1)
                golden:    \(firstDifference < goldenLines.count ? goldenLines[firstDifference] : "<end>")
                generated: \(firstDifference < generatedLines.count ? generatedLines[firstDifference] : "<end>")
                (UPDATE_GOLDENS=1 swift test --filter GoldenFileTests rewrites the goldens)
                """)
        }
    }

    /// A quota cost table states each listed method's units (doc line, constant, the service's
    /// `quotaCosts`); a method the table lacks states none.
    @Test func quotaCostsMatchGolden() throws {
        let costs = try QuotaCostTable.read(Fixtures.url("methods.quota.json"))
        let output = try CodeGenerator.generate(contentsOf: Fixtures.url("methods.json"), moduleName: "Fixture", quotaCosts: costs)
        let generated = Fixtures.combined(output)
        let goldenURL = Fixtures.url("methods.quota.swift.golden")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(generated.utf8).write(to: goldenURL)
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(golden == generated, "UPDATE_GOLDENS=1 swift test --filter GoldenFileTests rewrites the goldens")
        #expect(generated.contains("Quota: 5 units per request (estimated: not in Google's published table; ``listQuotaCost``)."))
        #expect(generated.contains("public static let quotaCosts: [GoogleAPIRuntime.APIQuotaCost] = ["))
        // Without a table nothing changes.
        let plain = Fixtures.combined(try Fixtures.generate("methods"))
        #expect(!plain.contains("QuotaCost"))
    }

    /// A subset (`include`): two methods, the one schema they reach, the whole document's files.
    @Test func subsetMatchesGolden() throws {
        let output = try CodeGenerator.generate(
            contentsOf: Fixtures.url("methods.json"), moduleName: "Fixture", subset: DiscoverySubset(["shelves.books.get", "ping"]))
        let generated = Fixtures.combined(output)
        let goldenURL = Fixtures.url("methods.subset.swift.golden")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(generated.utf8).write(to: goldenURL)
        }
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(golden == generated, "UPDATE_GOLDENS=1 swift test --filter GoldenFileTests rewrites the goldens")
    }

    @Test func aBadQuotaTableIsAnErrorWithItsPath() {
        #expect(throws: DiscoveryParseError.self) {
            try QuotaCostTable.parse(Data(#"{"methods": {"a.b": {"units": -1, "source": "published"}}}"#.utf8), file: "q.json")
        }
        #expect(throws: DiscoveryParseError.self) {
            try QuotaCostTable.parse(Data(#"{"methods": {"a.b": {"units": 1, "source": "rumour"}}}"#.utf8), file: "q.json")
        }
    }

    @Test(arguments: fixtures)
    func generationIsDeterministic(_ fixture: String) throws {
        let first = try Fixtures.generate(fixture)
        let second = try Fixtures.generate(fixture)
        #expect(first.files == second.files)
    }

    @Test func filesAreNamedForWhatTheyHold() throws {
        let output = try Fixtures.generate("recursion")
        #expect(output.files.map(\.name) == Renderer(moduleName: "Fixture").fileNames(output.service))
        #expect(output.files.first?.name == "Fixture+Service.swift")
        #expect(output.files.last?.name == "Fixture+Support.swift")
    }

    @Test func layoutBucketsResourcesAndSchemasByFirstLetter() {
        let layout = GeneratedFileLayout(
            moduleName: "M",
            schemaKeys: ["LiveBroadcast", "LiveBroadcastSnippet", "Service", "file", "File", "youtube#video", "1p", "#"],
            resourceKeys: ["files", "live-broadcasts", "liveChat"]
        )
        #expect(
            layout.resourceFiles == [
                "files": "M+ResourcesF.swift", "live-broadcasts": "M+ResourcesL.swift", "liveChat": "M+ResourcesL.swift",
            ])
        #expect(layout.schemaFiles["LiveBroadcastSnippet"] == "M+SchemasL.swift")
        #expect(layout.schemaFiles["LiveBroadcast"] == "M+SchemasL.swift")
        // Never the service or support file; case does not split a bucket.
        #expect(layout.schemaFiles["Service"] == "M+SchemasS.swift")
        #expect(layout.schemaFiles["File"] == "M+SchemasF.swift")
        #expect(layout.schemaFiles["file"] == "M+SchemasF.swift")
        #expect(layout.schemaFiles["youtube#video"] == "M+SchemasY.swift")
        #expect(layout.schemaFiles["1p"] == "M+Schemas1.swift")
        #expect(layout.schemaFiles["#"] == "M+SchemasV.swift")  // An empty stem is `Value`.
        #expect(
            layout.allFiles == [
                "M+Service.swift", "M+ResourcesF.swift", "M+ResourcesL.swift",
                "M+Schemas1.swift", "M+SchemasF.swift", "M+SchemasL.swift", "M+SchemasS.swift", "M+SchemasV.swift", "M+SchemasY.swift",
                "M+Support.swift",
            ])
        #expect(Set(layout.allFiles.map { $0.lowercased() }).count == layout.allFiles.count)
    }

    @Test func aLargeAPIHasAtMostThirtySixFilesOfEachKind() {
        let keys =
            (0..<2_000).map { "Schema\($0)" }
            + (0..<26).flatMap { letter in
                (0..<20).map { "\(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(letter))))Type\($0)" }
            }
        let layout = GeneratedFileLayout(moduleName: "Big", schemaKeys: keys, resourceKeys: keys)
        #expect(Set(layout.schemaFiles.values).count == 26)
        #expect(Set(layout.resourceFiles.values).count == 26)
        #expect(layout.allFiles.count == 54)
    }
}

// MARK: - Compiled golden

/// GeneratedAPITests compiles a copy of the recursion golden to run the boxed types; the copy
/// must not drift from what the generator emits.
@Suite struct CompiledGoldenTests {
    @Test func generatedAPITestsCopyMatchesGenerator() throws {
        let copy = Fixtures.directory
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/GeneratedAPITests/Fixtures/RecursionFixture.swift")
        // The copy is compiled source, so the package's formatter is told to leave it as generated.
        let generated = "// swift-format-ignore-file\n" + Fixtures.combined(try Fixtures.generate("recursion"))
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(generated.utf8).write(to: copy)
        }
        #expect(try String(contentsOf: copy, encoding: .utf8) == generated)
    }
}

@Suite struct QuotaCostTableTests {
    @Test func aTableNamingAnUnknownMethodIsRefused() throws {
        let costs = try QuotaCostTable.parse(
            Data(#"{"methods": {"library.shelves.nope": {"units": 1, "source": "published"}}}"#.utf8), file: "q.json")
        let error = #expect(throws: DiscoveryParseError.self) {
            try CodeGenerator.generate(contentsOf: Fixtures.url("methods.json"), moduleName: "Fixture", quotaCosts: costs)
        }
        #expect(error?.description.contains("methods.library.shelves.nope") == true)
    }

    @Test func theCommandLineTakesATable() throws {
        let parsed = try CodegenCommandLine.parse(["generate", "a.json", "-o", "out", "--quota-costs", "a.quota.json"])
        #expect(parsed.quotaCosts == "a.quota.json")
        #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(["generate", "a.json", "b.json", "-o", "out", "--quota-costs", "q.json"])
        }
    }
}
