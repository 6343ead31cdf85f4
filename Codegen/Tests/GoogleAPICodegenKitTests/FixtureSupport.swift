import Foundation

@testable import GoogleAPICodegenKit

// MARK: - Fixtures

/// Locates fixtures next to this file (no bundle resources needed).
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// Generates a fixture document as module `Fixture`.
    static func generate(_ name: String) throws -> CodeGenerator.Output {
        try CodeGenerator.generate(contentsOf: url("\(name).json"), moduleName: "Fixture")
    }

    /// All generated files of a fixture joined with file markers, as stored in goldens.
    static func combined(_ output: CodeGenerator.Output) -> String {
        output.files.map { "// ===== \($0.name) =====\n\($0.contents)" }.joined(separator: "\n")
    }

    /// Parses inline JSON text.
    static func parse(_ json: String) throws(DiscoveryParseError) -> DiscoveryDocument {
        try DiscoveryParser.parse(Data(json.utf8), file: "test.json")
    }

    /// Generates from inline JSON text.
    static func generate(json: String) throws(DiscoveryParseError) -> CodeGenerator.Output {
        try CodeGenerator.generate(Data(json.utf8), file: "test.json", moduleName: "Fixture")
    }

    /// A minimal document with the given schemas and resources JSON.
    static func document(schemas: String = "{}", resources: String = "{}") -> String {
        """
        {"kind": "discovery#restDescription", "name": "t", "version": "v1",
         "rootUrl": "https://t.example.com/", "servicePath": "t/v1/",
         "schemas": \(schemas), "resources": \(resources)}
        """
    }
}
