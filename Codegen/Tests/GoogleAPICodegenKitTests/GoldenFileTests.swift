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
            let firstDifference = (0..<min(goldenLines.count, generatedLines.count)).first { goldenLines[$0] != generatedLines[$0] } ?? min(goldenLines.count, generatedLines.count)
            Issue.record("""
                \(fixture): generated output differs from \(goldenURL.lastPathComponent) at line \(firstDifference + 1)
                golden:    \(firstDifference < goldenLines.count ? goldenLines[firstDifference] : "<end>")
                generated: \(firstDifference < generatedLines.count ? generatedLines[firstDifference] : "<end>")
                (UPDATE_GOLDENS=1 swift test --filter GoldenFileTests rewrites the goldens)
                """)
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

    @Test func layoutGroupsSchemasByKeyPrefixAndAvoidsCaseClashes() {
        let layout = GeneratedFileLayout(
            moduleName: "M",
            schemaKeys: ["LiveBroadcast", "LiveBroadcastSnippet", "LiveBroadcasts", "Service", "file", "File", "V1", "V1Beta"],
            resourceKeys: ["files", "live-broadcasts"]
        )
        #expect(layout.resourceFiles == ["files": "M+FilesResource.swift", "live-broadcasts": "M+LiveBroadcastsResource.swift"])
        #expect(layout.schemaFiles["LiveBroadcastSnippet"] == "M+LiveBroadcast.swift")
        #expect(layout.schemaFiles["LiveBroadcast"] == "M+LiveBroadcast.swift")
        // `s` is no word boundary: its own group.
        #expect(layout.schemaFiles["LiveBroadcasts"] == "M+LiveBroadcasts.swift")
        // Never the service or support file, and unique ignoring case.
        #expect(layout.schemaFiles["Service"] == "M+Service2.swift")
        #expect(layout.schemaFiles["File"] == "M+File.swift")
        #expect(layout.schemaFiles["file"] == "M+File2.swift")
        #expect(layout.schemaFiles["V1Beta"] == "M+V1.swift")
        #expect(Set(layout.allFiles.map { $0.lowercased() }).count == layout.allFiles.count)
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
        let generated = Fixtures.combined(try Fixtures.generate("recursion"))
        if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
            try Data(generated.utf8).write(to: copy)
        }
        #expect(try String(contentsOf: copy, encoding: .utf8) == generated)
    }
}
