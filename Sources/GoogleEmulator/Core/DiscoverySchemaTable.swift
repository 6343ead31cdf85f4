// MARK: - DiscoverySchemaTable

/// The members of the schemas an emulated API answers with, as its Discovery document has them:
/// what a `fields` mask is checked against, so a member the real API does not have is the 400
/// it is there, while a member the API has but an answer happens to lack is accepted.
///
/// Written as text, one schema a line (lines that start with a space continue it) —
/// `File id name owners=User appProperties=<> …` — that a
/// test derives from the Discovery documents in `Specs/` and compares with the emulator's copy
/// (`DiscoverySchemaTableTests`), so the emulator cannot drift from the API it stands in for.
/// A member is `name` (a scalar, or an array of scalars), `name=Schema` (an object, or an array
/// of objects: a mask selects inside each element alike), `name=<…>` (a map, with the kind of its
/// values inside the brackets, empty for scalars) or `name=*` (any JSON). Objects declared
/// inline are named after where they are: `File.capabilities`.
struct DiscoverySchemaTable: Sendable {
    /// What a member holds, as far as a field mask can select inside it.
    indirect enum Kind: Sendable, Equatable {
        case scalar
        case object(String)
        case map(Kind)
        case any
    }

    /// Schema name → member wire name → kind.
    private(set) var schemas: [String: [String: Kind]] = [:]

    /// Reads the table's text (see the type's description); a line it cannot read is skipped.
    init(_ text: String) {
        var current: String?
        for line in text.split(separator: "\n") {
            var tokens = line.split(separator: " ")[...]
            // A line that starts with a space goes on with the schema above it.
            if !line.hasPrefix(" ") {
                guard let name = tokens.popFirst() else { continue }
                current = String(name)
                schemas[String(name)] = [:]
            }
            guard let schema = current else { continue }
            for token in tokens {
                if let equals = token.firstIndex(of: "=") {
                    schemas[schema, default: [:]][String(token[..<equals])] = Self.kind(token[token.index(after: equals)...])
                } else {
                    schemas[schema, default: [:]][String(token)] = .scalar
                }
            }
        }
    }

    /// The kind written after `=`.
    private static func kind(_ text: Substring) -> Kind {
        if text == "*" { return .any }
        if text.hasPrefix("<"), text.hasSuffix(">") {
            let inner = text.dropFirst().dropLast()
            return .map(inner.isEmpty ? .scalar : kind(inner))
        }
        return .object(String(text))
    }

    /// The members of `schema`, `nil` for a schema the table does not have.
    func members(of schema: String) -> [String: Kind]? {
        schemas[schema]
    }
}
