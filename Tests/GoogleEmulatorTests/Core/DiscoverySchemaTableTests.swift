import Foundation
import Testing

@testable import GoogleEmulator

// MARK: - DiscoverySchemaTableTests

/// The emulator's copy of each API's response schemas (what `fields` masks are checked against)
/// is exactly what the Discovery documents in `Specs/` say, so it cannot drift from them. After
/// a document changes, `UPDATE_EMULATOR_SCHEMAS=1 swift test --filter DiscoverySchemaTableTests`
/// writes the emulator's files again.
@Suite struct DiscoverySchemaTableTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct API: Sendable, CustomTestStringConvertible {
        var document: String
        var typeName: String
        var source: String
        var title: String
        var roots: [String]
        var text: String
        var testDescription: String { typeName }
    }

    static let apis = [
        API(
            document: "Specs/drive.v3.json", typeName: "DriveResponseSchemas",
            source: "Sources/GoogleEmulator/Drive/DriveResponseSchemas.swift",
            title: "Drive v3", roots: DriveResponseSchemas.roots, text: DriveResponseSchemas.text),
        API(
            document: "Specs/youtube.v3.json", typeName: "YouTubeResponseSchemas",
            source: "Sources/GoogleEmulator/YouTube/YouTubeResponseSchemas.swift", title: "YouTube Data v3",
            roots: YouTubeResponseSchemas.roots, text: YouTubeResponseSchemas.text),
    ]

    @Test("The emulator's schema table is the one the Discovery document gives", arguments: apis)
    func tableMatchesTheDiscoveryDocument(_ api: API) throws {
        let data = try Data(contentsOf: Self.packageRoot.appendingPathComponent(api.document))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let derived = try Self.table(document, roots: api.roots)
        if ProcessInfo.processInfo.environment["UPDATE_EMULATOR_SCHEMAS"] == "1" {
            let source = Self.sourceFile(api, text: derived)
            try Data(source.utf8).write(to: Self.packageRoot.appendingPathComponent(api.source))
            return
        }
        #expect(
            derived == api.text,
            "\(api.source) differs from \(api.document): run UPDATE_EMULATOR_SCHEMAS=1 swift test --filter DiscoverySchemaTableTests")
    }

    @Test("Every schema the table names is in it, and the roots are there")
    func tablesAreClosed() {
        for (roots, table) in [
            (DriveResponseSchemas.roots, DriveResponseSchemas.table), (YouTubeResponseSchemas.roots, YouTubeResponseSchemas.table),
        ] {
            #expect(!roots.isEmpty)
            for root in roots { #expect(table.members(of: root) != nil, "\(root)") }
            func referenced(_ kind: DiscoverySchemaTable.Kind) -> String? {
                switch kind {
                case .object(let name): name
                case .map(let value): referenced(value)
                case .scalar, .any: nil
                }
            }
            for (name, members) in table.schemas {
                for (member, kind) in members {
                    if let target = referenced(kind) { #expect(table.members(of: target) != nil, "\(name).\(member) → \(target)") }
                }
            }
        }
    }

    @Test("The text reads back: continuation lines, objects, maps of objects and scalars, any")
    func textReadsBack() {
        let table = DiscoverySchemaTable("A id owners=B\n  tags=<> byKey=<B> extra=*\nB name deep=<<B>>\n")
        #expect(
            table.members(of: "A") == [
                "id": .scalar, "owners": .object("B"), "tags": .map(.scalar), "byKey": .map(.object("B")), "extra": .any,
            ])
        #expect(table.members(of: "B") == ["name": .scalar, "deep": .map(.map(.object("B")))])
        #expect(table.members(of: "C") == nil)
    }

    // MARK: - Deriving

    struct UnknownSchema: Error {
        var name: String
    }

    /// The table text for `roots` and every schema reachable from them.
    static func table(_ document: [String: Any], roots: [String]) throws -> String {
        let schemas = document["schemas"] as? [String: [String: Any]] ?? [:]
        var lines: [String: [String]] = [:]
        var queue: [(String, [String: Any])] = []
        for root in roots {
            guard let schema = schemas[root] else { throw UnknownSchema(name: root) }
            queue.append((root, schema))
        }
        // "" a scalar, "*" any JSON, "<…>" a map, otherwise the name of an object schema (queued).
        func kind(_ property: [String: Any], name: String) throws -> String {
            if let reference = property["$ref"] as? String {
                guard let target = schemas[reference] else { throw UnknownSchema(name: reference) }
                if target["type"] as? String == "object", target["properties"] != nil {
                    queue.append((reference, target))
                    return reference
                }
                return try kind(target, name: reference)
            }
            switch property["type"] as? String {
            case "array":
                return try kind(property["items"] as? [String: Any] ?? [:], name: name)
            case "object":
                if property["properties"] != nil {
                    queue.append((name, property))
                    return name
                }
                if let values = property["additionalProperties"] as? [String: Any] { return "<" + (try kind(values, name: name)) + ">" }
                return "*"
            case "any":
                return "*"
            default:
                return ""
            }
        }
        while let (name, schema) = queue.popLast() {
            guard lines[name] == nil else { continue }
            let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
            var tokens: [String] = []
            for key in properties.keys.sorted() {
                let member = try kind(properties[key] ?? [:], name: "\(name).\(key)")
                tokens.append(member.isEmpty ? key : key + "=" + member)
            }
            lines[name] = tokens
        }
        // At most ~110 characters a line, continuation lines indented.
        var text: [String] = []
        for name in lines.keys.sorted() {
            var line = name
            for token in lines[name] ?? [] {
                if line.count + 1 + token.count > 110 {
                    text.append(line)
                    line = " "
                }
                line += " " + token
            }
            text.append(line)
        }
        return text.joined(separator: "\n")
    }

    static func sourceFile(_ api: API, text: String) -> String {
        let indented = text.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n")
        let roots = api.roots.map { "        \"\($0)\",\n" }.joined()
        return """
            // MARK: - \(api.typeName)

            /// The \(api.title) schemas the emulator answers with and every schema inside them, as
            /// `\(api.document)` has them (see ``DiscoverySchemaTable``). Written by
            /// `UPDATE_EMULATOR_SCHEMAS=1 swift test --filter DiscoverySchemaTableTests`, which checks it against
            /// the document on every run; `roots` is the list to edit when a route answers with another schema.
            enum \(api.typeName) {
                /// The schemas routes answer with.
                static let roots = [
            \(roots)    ]

                static let table = DiscoverySchemaTable(text)

                static let text = \"\"\"
            \(indented)
                    \"\"\"
            }

            """
    }
}
