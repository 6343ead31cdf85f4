import Foundation

// MARK: - QuotaCostTable

/// Quota units per method, read from a JSON file beside a Discovery document (Discovery has no
/// such field):
///
///     {"source": "where the units come from",
///      "methods": {"youtube.search.list": {"units": 100, "source": "published"}, …}}
///
/// `source` per method is `published`, `estimated` or `unpublished`, so a method whose cost
/// nobody publishes says so in the generated documentation rather than looking authoritative.
public struct QuotaCostTable: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Decodable {
        public var units: Int
        public var source: String

        public init(units: Int, source: String) {
            self.units = units
            self.source = source
        }
    }

    public var methods: [String: Entry]

    private struct File: Decodable {
        var source: String?
        var methods: [String: Entry]
    }

    static let sources: Set<String> = ["published", "estimated", "unpublished"]

    /// Parses the table; `file` names it in errors.
    /// - Throws: `DiscoveryParseError` for malformed JSON, negative units or an unknown source.
    public static func parse(_ data: Data, file: String) throws(DiscoveryParseError) -> QuotaCostTable {
        let decoded: File
        do {
            decoded = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw DiscoveryParseError(file: file, line: 1, path: "", message: "not a quota cost table: \(error.localizedDescription)")
        }
        for (id, entry) in decoded.methods.sorted(by: { $0.key < $1.key }) {
            guard entry.units >= 0, entry.units <= 1_000_000 else {
                throw DiscoveryParseError(file: file, line: 1, path: "methods.\(id).units", message: "units must be 0...1000000")
            }
            guard sources.contains(entry.source) else {
                throw DiscoveryParseError(
                    file: file, line: 1, path: "methods.\(id).source", message: "source must be published, estimated or unpublished")
            }
        }
        return QuotaCostTable(methods: decoded.methods)
    }

    /// Reads and parses a table from disk.
    /// - Throws: `DiscoveryParseError` (line 1 when unreadable).
    public static func read(_ url: URL) throws(DiscoveryParseError) -> QuotaCostTable {
        try parse(try DiscoveryParser.read(url), file: url.path)
    }
}

// MARK: - Checking against a document

extension QuotaCostTable {
    /// Refuses a table naming methods the document lacks (a typo would otherwise leave a method
    /// without its cost, silently).
    /// - Throws: `DiscoveryParseError` naming the first unknown method.
    func check(against document: DiscoveryDocument, file: String) throws(DiscoveryParseError) {
        var known = Set<String>()
        func collect(_ methods: [String: DiscoveryMethod]?, _ resources: [String: DiscoveryResource]?) {
            for method in (methods ?? [:]).values { if let id = method.id { known.insert(id) } }
            for resource in (resources ?? [:]).values { collect(resource.methods, resource.resources) }
        }
        collect(document.methods, document.resources)
        if let unknown = methods.keys.sorted().first(where: { !known.contains($0) }) {
            throw DiscoveryParseError(
                file: file, line: 1, path: "methods.\(unknown)", message: "no method has this ID in the Discovery document")
        }
    }
}
