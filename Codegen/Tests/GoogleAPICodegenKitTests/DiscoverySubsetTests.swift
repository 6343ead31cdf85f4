import Foundation
import Testing

@testable import GoogleAPICodegenKit

// MARK: - Subsets

/// `include`: only the named resources and methods, and the schemas they reach.
@Suite struct DiscoverySubsetTests {
    private static func generate(_ include: [String]) throws -> CodeGenerator.Output {
        try CodeGenerator.generate(contentsOf: Fixtures.url("methods.json"), moduleName: "Fixture", subset: DiscoverySubset(include))
    }

    /// Every method, `resource.method` by its path, in a tree of resources.
    private static func methods(_ resource: SwiftResource, prefix: String = "") -> [String] {
        resource.methods.map { prefix + $0.name }
            + resource.children.flatMap { methods($0, prefix: prefix + $0.propertyName + ".") }
    }

    @Test func aMethodBringsOnlyTheSchemasItReaches() throws {
        let output = try Self.generate(["shelves.books.get"])
        #expect(Self.methods(output.service.root) == ["shelves.books.get"])
        #expect(output.service.schemaKeys == ["Book"])
    }

    @Test func aResourceBringsAllOfItsMethodsAndSubResources() throws {
        let output = try Self.generate(["shelves"])
        let all = try Fixtures.generate("methods")
        #expect(Self.methods(output.service.root) == Self.methods(all.service.root).filter { $0.hasPrefix("shelves.") })
        #expect(output.service.schemaKeys == ["Book", "BookList", "Shelf"])
    }

    @Test func namesCombineAndServiceMethodsAreNamedByTheirKey() throws {
        let output = try Self.generate(["ping", "shelves.get", "shelves.books.delete"])
        #expect(Self.methods(output.service.root) == ["ping", "shelves.get", "shelves.books.delete"])
        #expect(output.service.schemaKeys == ["Shelf"])
    }

    @Test func theFileNamesAreTheWholeDocumentsSoPluginsCanDeclareThem() throws {
        let subset = try Self.generate(["shelves.books.get"])
        let all = try Fixtures.generate("methods")
        #expect(subset.files.map(\.name) == all.files.map(\.name))
        let shelf = try #require(subset.files.first { $0.name.hasSuffix("SchemasS.swift") })
        #expect(!shelf.contents.contains("struct"), "a file of the layout holding nothing of the subset is a header only")
    }

    @Test(arguments: [
        (["shelves.nope"], #""shelves.nope" names no resource or method of the document ("nope" is not one of: books, get, legacyGet)"#),
        (["nope"], #""nope" names no resource or method of the document ("nope" is not one of: shelves, ping)"#),
        (["shelves.get.x"], #""shelves.get.x" names no resource or method"#),
        (["shelves."], #""shelves." names no resource or method"#),
        ([], "names nothing"),
    ])
    func aNameTheDocumentLacksIsATypedError(_ include: [String], _ message: String) {
        let error = #expect(throws: DiscoveryParseError.self) { try Self.generate(include) }
        #expect(error?.path == "include")
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test func theCommandLineTakesIncludes() throws {
        let parsed = try CodegenCommandLine.parse([
            "generate", "a.json", "-o", "out", "--include", "videos", "--include=liveChatMessages.list",
        ])
        #expect(parsed.include == ["videos", "liveChatMessages.list"])
        #expect(throws: CodegenCommandLine.UsageError.self) {
            try CodegenCommandLine.parse(["generate", "a.json", "b.json", "-o", "out", "--include", "videos"])
        }
    }
}
