import Foundation
import Testing
@testable import GoogleAPICodegenKit

// MARK: - Golden files

/// Generated output for each fixture must match its golden file byte for byte.
/// Run with `UPDATE_GOLDENS=1` to rewrite the goldens after an intended change.
@Suite struct GoldenFileTests {
    static let fixtures = ["formats", "methods", "naming", "recursion"]

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

    @Test func fileLayoutIsFixedAndComplete() throws {
        let output = try Fixtures.generate("recursion")
        #expect(output.files.map(\.name) == Renderer.fileNames(moduleName: "Fixture"))
        #expect(output.files.map(\.name) == [
            "Fixture+Service.swift", "Fixture+Resources1.swift", "Fixture+Resources2.swift",
            "Fixture+Schemas1.swift", "Fixture+Schemas2.swift", "Fixture+Schemas3.swift",
            "Fixture+Schemas4.swift", "Fixture+Support.swift",
        ])
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
