import Foundation
import GoogleJSON

// MARK: - FieldMask

/// Google's partial-response `fields` parameter: `files(id,name),nextPageToken`, `id,size`,
/// `user/emailAddress`, `*`. Applied to objects recursively; arrays apply it to each element.
/// Spaces around names and separators are allowed, as at Google.
struct FieldMask: Sendable {
    /// Selected member → mask for its value (`nil` keeps the whole value).
    private var members: [String: FieldMask?] = [:]
    private var selectsAll = false

    /// A mask Google refuses: `selection` is what its message names, `Invalid field selection
    /// <selection>` — the unknown member, or the whole text when it does not parse.
    struct Refusal: Error, Equatable {
        var selection: String
    }

    /// A mask whose syntax is right (members unchecked); `nil` when it does not parse.
    init?(parsing text: String) {
        guard let parsed = try? Self.parse(text) else { return nil }
        self = parsed
    }

    private init() {}

    /// The mask in `text`, checked against the members of `schema`: unbalanced parentheses, a
    /// missing name, a member the schema does not have or a selection inside a member that has
    /// no members (a string, a number) are refused. A member the schema has is accepted whether
    /// or not an answer has it.
    static func checked(_ text: String, against schema: String, in table: DiscoverySchemaTable) -> Result<FieldMask, Refusal> {
        do {
            let mask = try parse(text)
            if let refused = mask.refusal(inside: .object(schema), table: table) { return .failure(Refusal(selection: refused)) }
            return .success(mask)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Syntax

    private static func parse(_ text: String) throws(Refusal) -> FieldMask {
        var parser = Parser(scalars: Array(text.unicodeScalars))
        guard let mask = parser.list(), parser.atEnd else { throw Refusal(selection: text) }
        return mask
    }

    /// `list := item (',' item)*`, `item := name ('/' name)* ['(' list ')']`.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == scalars.count
            }
        }

        mutating func list() -> FieldMask? {
            var mask = FieldMask()
            repeat {
                var path: [String] = []
                repeat {
                    guard let name = name() else { return nil }
                    path.append(name)
                } while take("/")
                var inner: FieldMask?
                if take("(") {
                    guard let selection = list(), take(")") else { return nil }
                    inner = selection
                }
                mask.select(path[...], inner)
            } while take(",")
            return mask
        }

        private mutating func name() -> String? {
            skipSpaces()
            var name = String.UnicodeScalarView()
            while index < scalars.count, !",()/".unicodeScalars.contains(scalars[index]), !scalars[index].properties.isWhitespace {
                name.append(scalars[index])
                index += 1
            }
            return name.isEmpty ? nil : String(name)
        }

        private mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        private mutating func skipSpaces() {
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        }
    }

    /// Adds `path` (`a/b/c`) with `inner` selected inside its last member.
    private mutating func select(_ path: ArraySlice<String>, _ inner: FieldMask?) {
        guard let name = path.first else { return }
        if name == "*" {
            selectsAll = true
            return
        }
        var selection = inner
        if path.count > 1 {
            var nested = FieldMask()
            nested.select(path.dropFirst(), inner)
            selection = nested
        }
        // The whole member (no inner mask) wins over a part of it; two parts combine.
        if let existing = members[name] {
            if let existing, let selection {
                members[name] = existing.merged(with: selection)
            } else {
                members[name] = .some(nil)
            }
        } else {
            members[name] = .some(selection)
        }
    }

    private func merged(with other: FieldMask) -> FieldMask {
        var result = self
        result.selectsAll = selectsAll || other.selectsAll
        for (name, inner) in other.members { result.select([name][...], inner) }
        return result
    }

    // MARK: - Members

    /// The first selection (in name order, so the answer does not vary) that `kind` cannot
    /// have; `nil` when every one is right.
    private func refusal(inside kind: DiscoverySchemaTable.Kind, table: DiscoverySchemaTable) -> String? {
        switch kind {
        case .any:
            return nil
        case .scalar:
            // A string or number has nothing to select inside.
            return selectsAll ? "*" : members.keys.min()
        case .object(let schema):
            // A schema the table lacks cannot be checked; the answer still applies the mask.
            guard let known = table.members(of: schema) else { return nil }
            for name in members.keys.sorted() {
                guard let member = known[name] else { return name }
                if let inner = members[name] ?? nil, let refused = inner.refusal(inside: member, table: table) { return refused }
            }
            return nil
        case .map(let value):
            // Keys are the caller's; a map of strings may have keys with `/` (`exportLinks`), so
            // only the values of a map of objects are checked.
            guard value != .scalar else { return nil }
            for name in members.keys.sorted() {
                if let inner = members[name] ?? nil, let refused = inner.refusal(inside: value, table: table) { return refused }
            }
            return nil
        }
    }

    // MARK: - Applying

    func apply(to value: JSONValue) -> JSONValue {
        if selectsAll { return value }
        switch value {
        case .object(let pairs):
            return .members(
                pairs.compactMap { key, member in
                    guard let entry = members[key] else { return nil }
                    guard let sub = entry else { return (key, member) }
                    return (key, sub.apply(to: member))
                })
        case .array(let items):
            return .array(items.map(apply(to:)))
        default:
            return value
        }
    }
}
