import Foundation

// MARK: - DocumentationOverlay

/// Documentation in this project's own words for a Discovery document whose prose was left out
/// (the package's `Specs/` carry no text from Google): what a member means, which `part`s to send,
/// what is required, defaults and units. It lives beside the document as `<name>.overlay.json`
/// (`Specs/youtube.v3.overlay.json` for `Specs/youtube.v3.json`):
///
///     { "source": "…",
///       "schemas": { "LiveBroadcast": { "description": "…", "properties": { "snippet": "…" } } },
///       "methods": { "youtube.liveBroadcasts.insert": { "description": "…", "parameters": { "part": "…" } } } }
///
/// It only fills descriptions a document lacks, so a user's own full Discovery document (fetched
/// with `google-api-codegen fetch`) keeps Google's text wherever it has some. Its text reaches the
/// generated source the way a document's does: as comment text only.
public struct DocumentationOverlay: Codable, Sendable {
    /// A schema's description and its properties' (by wire name).
    public struct Schema: Codable, Sendable {
        public var description: String?
        public var properties: [String: String]?
    }

    /// A method's description and its parameters' (by wire name).
    public struct Method: Codable, Sendable {
        public var description: String?
        public var parameters: [String: String]?
    }

    /// Where the facts come from (not rendered).
    public var source: String?
    /// By schema name.
    public var schemas: [String: Schema]?
    /// By the method's Discovery `id` (`youtube.liveBroadcasts.insert`).
    public var methods: [String: Method]?

    /// The overlay file for `document`: `drive.v3.json` → `drive.v3.overlay.json`, in the same folder.
    public static func url(forDocument document: URL) -> URL {
        let name = document.deletingPathExtension().lastPathComponent + ".overlay.json"
        return document.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Reads the overlay beside `document`, or `nil` when there is none.
    /// - Throws: `DiscoveryParseError` naming the overlay's line and JSON path when it exists but
    ///   does not parse.
    public static func load(besideDocument document: URL) throws(DiscoveryParseError) -> DocumentationOverlay? {
        let url = url(forDocument: document)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try DiscoveryParser.decode(DocumentationOverlay.self, from: data, file: url.path).value
    }

    /// `document` with this overlay's descriptions where it has none.
    public func applied(to document: DiscoveryDocument) -> DiscoveryDocument {
        var document = document
        if let schemas, var documentSchemas = document.schemas {
            for (name, notes) in schemas {
                guard let schema = documentSchemas[name] else { continue }
                documentSchemas[name] = schema.describedBy(notes)
            }
            document.schemas = documentSchemas
        }
        if let methods, !methods.isEmpty {
            document.methods = document.methods.map { Self.describe($0, with: methods) }
            document.resources = document.resources.map { Self.describe($0, with: methods) }
        }
        return document
    }

    /// `text` broken into lines of at most `width` characters at spaces (the overlay's paragraphs
    /// are single lines; generated doc comments keep to a readable width).
    static func wrapped(_ text: String) -> String {
        let width = 96
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ resources: [String: DiscoveryResource], with notes: [String: Method]) -> [String: DiscoveryResource] {
        resources.mapValues { resource in
            var resource = resource
            resource.methods = resource.methods.map { describe($0, with: notes) }
            resource.resources = resource.resources.map { describe($0, with: notes) }
            return resource
        }
    }

    private static func describe(_ methods: [String: DiscoveryMethod], with notes: [String: Method]) -> [String: DiscoveryMethod] {
        methods.mapValues { method in
            guard let id = method.id, let note = notes[id] else { return method }
            var method = method
            if method.description.isBlank { method.description = note.description.map(DocumentationOverlay.wrapped) }
            for (name, text) in note.parameters ?? [:] where method.parameters?[name]?.description.isBlank == true {
                method.parameters?[name]?.description = DocumentationOverlay.wrapped(text)
            }
            return method
        }
    }
}

extension DiscoverySchema {
    /// This schema with `notes`' descriptions where it has none (a new value: schemas are immutable).
    fileprivate func describedBy(_ notes: DocumentationOverlay.Schema) -> DiscoverySchema {
        var properties = self.properties
        for (name, text) in notes.properties ?? [:] {
            guard let property = properties?[name], property.description.isBlank else { continue }
            properties?[name] = property.replacingDescription(DocumentationOverlay.wrapped(text))
        }
        return DiscoverySchema(
            id: id, type: type, ref: ref, format: format,
            description: description.isBlank ? notes.description.map(DocumentationOverlay.wrapped) : description,
            properties: properties, items: items, additionalProperties: additionalProperties,
            enum: self.enum, enumDescriptions: enumDescriptions, deprecated: deprecated, readOnly: readOnly, pattern: pattern)
    }

    fileprivate func replacingDescription(_ text: String) -> DiscoverySchema {
        DiscoverySchema(
            id: id, type: type, ref: ref, format: format, description: text, properties: properties, items: items,
            additionalProperties: additionalProperties, enum: self.enum, enumDescriptions: enumDescriptions,
            deprecated: deprecated, readOnly: readOnly, pattern: pattern)
    }
}

extension Optional where Wrapped == String {
    /// `nil`, or only whitespace.
    fileprivate var isBlank: Bool { self?.allSatisfy(\.isWhitespace) ?? true }
}
