import Foundation
import Testing

@testable import GoogleAPICodegenKit

// MARK: - DocumentationOverlayTests

@Suite("Documentation overlay")
struct DocumentationOverlayTests {
    static let schemas = """
        {"Note": {"id": "Note", "type": "object", "properties": {
            "title": {"type": "string"}, "body": {"type": "string", "description": "Google's own words."}}}}
        """
    static let resources = """
        {"notes": {"methods": {"get": {"id": "t.notes.get", "path": "notes/{id}", "httpMethod": "GET",
            "parameters": {"id": {"type": "string", "location": "path", "required": true}},
            "parameterOrder": ["id"], "response": {"$ref": "Note"}}}}}
        """

    /// Writes a document and, when given, its overlay beside it; returns the document's URL.
    static func write(overlay: String?) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let document = folder.appendingPathComponent("t.v1.json")
        try Data(Fixtures.document(schemas: schemas, resources: resources).utf8).write(to: document)
        if let overlay { try Data(overlay.utf8).write(to: folder.appendingPathComponent("t.v1.overlay.json")) }
        return document
    }

    static func generatedText(overlay: String?) throws -> String {
        let document = try write(overlay: overlay)
        defer { try? FileManager.default.removeItem(at: document.deletingLastPathComponent()) }
        return Fixtures.combined(try CodeGenerator.generate(contentsOf: document, moduleName: "Fixture"))
    }

    @Test("The overlay beside a document fills the descriptions it lacks; the document's own text wins")
    func fillsMissingDescriptions() throws {
        let text = try Self.generatedText(
            overlay: """
                {"source": "ours",
                 "schemas": {"Note": {"description": "A note in our words.",
                                      "properties": {"title": "The title, required.", "body": "Not ours."}},
                             "Missing": {"description": "Ignored."}},
                 "methods": {"t.notes.get": {"description": "Reads a note.", "parameters": {"id": "The note's ID."}},
                             "t.notes.absent": {"description": "Ignored."}}}
                """)
        #expect(text.contains("/// A note in our words."))
        #expect(text.contains("/// The title, required."))
        #expect(text.contains("/// Google's own words."))
        #expect(!text.contains("Not ours."))
        #expect(text.contains("/// Reads a note."))
        #expect(text.contains("/// The note's ID."))
        #expect(!text.contains("Ignored."))
        #expect(try Self.generatedText(overlay: nil).contains("A note in our words.") == false)
    }

    @Test("Long overlay text is wrapped, and hostile text stays comment text")
    func wrapsAndStaysInComments() throws {
        let long = String(repeating: "word ", count: 60) + "*/ } func injected() {} \u{2028} let x = 1"
        let text = try Self.generatedText(overlay: #"{"schemas": {"Note": {"description": "\#(long)"}}}"#)
        #expect(!text.split(separator: "\n").contains { $0.count > 160 })
        #expect(!text.contains("\nfunc injected"))
        for line in text.split(separator: "\n") where line.contains("injected") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("///"))
        }
    }

    @Test("An overlay that is not valid is an error naming the overlay file, line and path")
    func invalidOverlay() throws {
        let document = try Self.write(overlay: #"{"schemas": {"Note": {"description": 5}}}"#)
        defer { try? FileManager.default.removeItem(at: document.deletingLastPathComponent()) }
        do {
            _ = try CodeGenerator.generate(contentsOf: document, moduleName: "Fixture")
            Issue.record("expected an error")
        } catch {
            #expect(error.file?.hasSuffix("t.v1.overlay.json") == true)
            #expect(error.path.contains("description"))
        }
    }

    @Test("The package's overlays name only schemas, properties, methods and parameters the Specs have")
    func packageOverlaysMatchSpecs() throws {
        let specs = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Specs")
        for name in ["drive.v3", "youtube.v3"] {
            let documentURL = specs.appendingPathComponent("\(name).json")
            let document = try DiscoveryParser.parse(contentsOf: documentURL)
            let overlay = try #require(try DocumentationOverlay.load(besideDocument: documentURL))
            for (schemaName, notes) in overlay.schemas ?? [:] {
                let schema = try #require(document.schemas?[schemaName], "\(name): no schema \(schemaName)")
                for property in (notes.properties ?? [:]).keys {
                    #expect(schema.properties?[property] != nil, "\(name): \(schemaName) has no \(property)")
                }
            }
            var methods: [String: DiscoveryMethod] = [:]
            func collect(_ resources: [String: DiscoveryResource]?) {
                for resource in (resources ?? [:]).values {
                    for method in (resource.methods ?? [:]).values { methods[method.id ?? ""] = method }
                    collect(resource.resources)
                }
            }
            collect(document.resources)
            for (id, notes) in overlay.methods ?? [:] {
                let method = try #require(methods[id], "\(name): no method \(id)")
                // Parameters shared by the overlay's methods are listed for each; only the ones the
                // method has are used, but every named one must exist on some method.
                _ = method
                for parameter in (notes.parameters ?? [:]).keys {
                    #expect(methods.values.contains { $0.parameters?[parameter] != nil }, "\(name): no parameter \(parameter)")
                }
            }
            // YouTube's `part` decides what a call sends and returns: every insert, update and list
            // that takes it says which parts there are, so no generated doc says only
            // "Query parameter; repeated."
            if name == "youtube.v3" {
                for (id, method) in methods where method.parameters?["part"] != nil {
                    guard ["insert", "update", "list"].contains(id.split(separator: ".").last.map(String.init) ?? "") else { continue }
                    let text = overlay.methods?[id]?.parameters?["part"] ?? ""
                    #expect(text.contains("`"), "\(id): no overlay text for part")
                }
            }
        }
    }
}
