import Foundation
import GoogleJSON

// MARK: - DriveQuery

/// The subset of Drive's `q` search language the emulator understands:
/// `name = 'x'`, `name != 'x'`, `name contains 'x'`, `mimeType = '…'` / `!=` / `contains`,
/// `'ID' in parents`, `trashed = true|false`, `starred = true|false`, `fullText contains 'x'`,
/// `modifiedTime > '2024-01-01T00:00:00'` (and `<`, `>=`, `<=`, also `createdTime`),
/// `properties has { key='k' and value='v' }` (and `appProperties`), `sharedWithMe = true`,
/// joined with `and`, `or`, `not` and parentheses. In a quoted value `\` escapes the next
/// character (`'O\'Brien'`, `'C:\\'`), as in Drive.
indirect enum DriveQuery: Sendable {
    case and(DriveQuery, DriveQuery)
    case or(DriveQuery, DriveQuery)
    case not(DriveQuery)
    case nameEquals(String)
    case nameContains(String)
    case mimeTypeEquals(String)
    case mimeTypeContains(String)
    case inParents(String)
    /// `'me' in owners` or `'user@example.com' in owners`; the signed-in user owns everything.
    case inOwners(String)
    case sharedWithMe(Bool)
    case trashed(Bool)
    case starred(Bool)
    case fullTextContains(String)
    case time(field: String, comparison: String, date: Date)
    /// `properties has { key=… and value=… }` (`app`: `appProperties`).
    case property(app: Bool, key: String, value: String)

    struct ParseError: Error {
        var message: String
    }

    // MARK: - Evaluation

    func matches(_ file: DriveFile, rootID: String, ownerEmail: String = "") -> Bool {
        switch self {
        case .and(let left, let right):
            left.matches(file, rootID: rootID, ownerEmail: ownerEmail) && right.matches(file, rootID: rootID, ownerEmail: ownerEmail)
        case .or(let left, let right):
            left.matches(file, rootID: rootID, ownerEmail: ownerEmail) || right.matches(file, rootID: rootID, ownerEmail: ownerEmail)
        case .not(let inner): !inner.matches(file, rootID: rootID, ownerEmail: ownerEmail)
        case .nameEquals(let name): file.name == name
        case .nameContains(let text): Self.containsWordPrefix(file.name, text)
        case .mimeTypeEquals(let type): file.mimeType == type
        case .mimeTypeContains(let text): file.mimeType.contains(text)
        case .inParents(let parent): file.parents.contains(parent == "root" ? rootID : parent)
        case .inOwners(let owner): owner == "me" || owner == ownerEmail
        case .sharedWithMe(let value): value == false
        case .trashed(let value): file.trashed == value
        case .starred(let value): file.starred == value
        case .fullTextContains(let text):
            file.name.range(of: text, options: .caseInsensitive) != nil
                || (file.documentText?.range(of: text, options: .caseInsensitive) != nil)
                || (file.description?.range(of: text, options: .caseInsensitive) != nil)
        case .time(let field, let comparison, let date):
            Self.compare(field == "createdTime" ? file.createdTime : file.modifiedTime, comparison, date)
        case .property(let app, let key, let value):
            (app ? file.appProperties : file.properties)[key] == value
        }
    }

    /// Drive matches `name contains` against word starts: 'Note' finds "Meeting Notes", 'ote' does not.
    static func containsWordPrefix(_ name: String, _ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        var searchRange = name.startIndex..<name.endIndex
        while let found = name.range(of: text, options: [.caseInsensitive], range: searchRange) {
            if found.lowerBound == name.startIndex { return true }
            let previous = name[name.index(before: found.lowerBound)]
            if !previous.isLetter && !previous.isNumber { return true }
            searchRange = name.index(after: found.lowerBound)..<name.endIndex
        }
        return false
    }

    private static func compare(_ value: Date, _ comparison: String, _ date: Date) -> Bool {
        switch comparison {
        case "<": value < date
        case "<=": value <= date
        case ">": value > date
        case ">=": value >= date
        case "=": value == date
        default: value != date
        }
    }

    // MARK: - Parsing

    static func parse(_ text: String) throws(ParseError) -> DriveQuery {
        var parser = Parser(tokens: try tokenize(text))
        let query = try parser.parseOr()
        guard parser.isAtEnd else { throw ParseError(message: "unexpected token after query") }
        return query
    }

    enum Token: Equatable {
        case word(String)
        case string(String)
        case symbol(String)
    }

    static func tokenize(_ text: String) throws(ParseError) -> [Token] {
        var tokens: [Token] = []
        // By scalar: a combining mark after a quote or backslash makes one Character of both.
        let characters = Array(text.unicodeScalars)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.properties.isWhitespace {
                index += 1
            } else if character == "'" || character == "\"" {
                let quote = character
                var value = String.UnicodeScalarView()
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\", index + 1 < characters.count {
                        value.append(characters[index + 1])
                        index += 2
                    } else if next == quote {
                        closed = true
                        index += 1
                        break
                    } else {
                        value.append(next)
                        index += 1
                    }
                }
                guard closed else { throw ParseError(message: "unterminated string") }
                tokens.append(.string(String(value)))
            } else if "(){}".unicodeScalars.contains(character) {
                tokens.append(.symbol(String(character)))
                index += 1
            } else if "=!<>".unicodeScalars.contains(character) {
                var symbol = String(character)
                if index + 1 < characters.count, characters[index + 1] == "=" {
                    symbol.append("=")
                    index += 1
                }
                guard symbol != "!" else { throw ParseError(message: "unexpected '!'") }
                tokens.append(.symbol(symbol))
                index += 1
            } else {
                var word = String.UnicodeScalarView()
                while index < characters.count, !characters[index].properties.isWhitespace,
                    !"(){}=!<>'\"".unicodeScalars.contains(characters[index])
                {
                    word.append(characters[index])
                    index += 1
                }
                tokens.append(.word(String(word)))
            }
        }
        return tokens
    }

    private struct Parser {
        var tokens: [Token]
        var position = 0

        var isAtEnd: Bool { position >= tokens.count }

        mutating func next() -> Token? {
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            return tokens[position]
        }

        func peekWord(_ word: String) -> Bool {
            guard position < tokens.count, case .word(let value) = tokens[position] else { return false }
            return value.lowercased() == word
        }

        mutating func parseOr() throws(ParseError) -> DriveQuery {
            var left = try parseAnd()
            while peekWord("or") {
                position += 1
                left = .or(left, try parseAnd())
            }
            return left
        }

        mutating func parseAnd() throws(ParseError) -> DriveQuery {
            var left = try parseUnary()
            while peekWord("and") {
                position += 1
                left = .and(left, try parseUnary())
            }
            return left
        }

        mutating func parseUnary() throws(ParseError) -> DriveQuery {
            if peekWord("not") {
                position += 1
                return .not(try parseUnary())
            }
            if position < tokens.count, tokens[position] == .symbol("(") {
                position += 1
                let inner = try parseOr()
                guard next() == .symbol(")") else { throw ParseError(message: "missing ')'") }
                return inner
            }
            return try parseComparison()
        }

        mutating func parseComparison() throws(ParseError) -> DriveQuery {
            switch next() {
            case .string(let value):
                guard case .word(let op) = next(), op.lowercased() == "in", case .word(let field) = next() else {
                    throw ParseError(message: "expected 'in parents' or 'in owners' after a quoted value")
                }
                switch field {
                case "parents": return .inParents(value)
                case "owners": return .inOwners(value)
                default: throw ParseError(message: "unsupported collection '\(field)'")
                }
            case .word(let field) where (field == "properties" || field == "appProperties") && peekWord("has"):
                position += 1
                return try parseHas(app: field == "appProperties")
            case .word(let field):
                let op: String
                switch next() {
                case .symbol(let symbol): op = symbol
                case .word(let word) where word.lowercased() == "contains": op = "contains"
                default: throw ParseError(message: "expected an operator after '\(field)'")
                }
                guard let operand = next() else { throw ParseError(message: "missing value after '\(op)'") }
                return try Self.comparison(field: field, op: op, operand: operand)
            default:
                throw ParseError(message: "expected a search term")
            }
        }

        /// `{ key='k' and value='v' }` after `properties has`.
        mutating func parseHas(app: Bool) throws(ParseError) -> DriveQuery {
            let expected = "expected { key='…' and value='…' } after 'has'"
            guard next() == .symbol("{"), next() == .word("key"), next() == .symbol("="), case .string(let key) = next(),
                peekWord("and")
            else { throw ParseError(message: expected) }
            position += 1
            guard next() == .word("value"), next() == .symbol("="), case .string(let value) = next(), next() == .symbol("}") else {
                throw ParseError(message: expected)
            }
            return .property(app: app, key: key, value: value)
        }

        static func comparison(field: String, op: String, operand: Token) throws(ParseError) -> DriveQuery {
            switch (field, op, operand) {
            case ("name", "=", .string(let value)): return .nameEquals(value)
            case ("name", "!=", .string(let value)): return .not(.nameEquals(value))
            case ("name", "contains", .string(let value)): return .nameContains(value)
            case ("mimeType", "=", .string(let value)): return .mimeTypeEquals(value)
            case ("mimeType", "!=", .string(let value)): return .not(.mimeTypeEquals(value))
            case ("mimeType", "contains", .string(let value)): return .mimeTypeContains(value)
            case ("fullText", "contains", .string(let value)): return .fullTextContains(value)
            case ("sharedWithMe", _, _) where op == "=" || op == "!=":
                guard case .word(let value) = operand, let flag = Bool(value.lowercased()) else {
                    throw ParseError(message: "expected true or false")
                }
                return op == "=" ? .sharedWithMe(flag) : .not(.sharedWithMe(flag))
            case ("trashed", "=", .word(let value)), ("starred", "=", .word(let value)),
                ("trashed", "!=", .word(let value)), ("starred", "!=", .word(let value)):
                guard let flag = Bool(value.lowercased()) else { throw ParseError(message: "expected true or false") }
                let positive: DriveQuery = field == "trashed" ? .trashed(flag) : .starred(flag)
                return op == "=" ? positive : .not(positive)
            case ("modifiedTime", _, .string(let value)), ("createdTime", _, .string(let value)):
                guard ["<", "<=", ">", ">=", "=", "!="].contains(op),
                    let date = RFC3339.parse(value) ?? RFC3339.parse(value + "Z")
                else {
                    throw ParseError(message: "invalid time comparison")
                }
                return .time(field: field, comparison: op, date: date)
            default:
                throw ParseError(message: "unsupported term '\(field) \(op)'")
            }
        }
    }
}
