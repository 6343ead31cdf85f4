public import Foundation
import GoogleJSON

// MARK: - DriveQuery

/// A Drive search (`files.list`'s `q`) built from typed terms, so that names with quotes,
/// backslashes or any other character need no escaping by hand.
///
/// ```swift
/// let query: DriveQuery = .name(contains: "Valentine's") && .parent(folderID) && .trashed(false)
/// let page = try await drive.files.list(q: query.text, fields: [.files([.id, .name])])
/// ```
///
/// Values are written as Drive's search syntax requires: in single quotes, with `\` and `'`
/// escaped by a backslash (`'Valentine\'s Day'`, `'C:\\notes'`), and dates in RFC 3339 (UTC,
/// `2024-05-01T12:00:00.000Z`). `&&`, `||` and `!` combine terms; a combined term is put in
/// parentheses where it is used, so the text means what the Swift expression says.
///
/// The string form stays: `files.list(q:)` takes any text, ``text`` is what a query sends, and
/// ``init(raw:)`` wraps text written by hand (a term this type has no case for) so it can be
/// combined with typed terms.
public struct DriveQuery: Sendable, Hashable, CustomStringConvertible {
    /// How a term's text needs wrapping when it is part of a larger one.
    private enum Shape: Sendable, Hashable {
        /// A single comparison or a negation: never needs parentheses.
        case term
        /// `a and b`, `a or b`, or raw text: parenthesised inside anything else.
        case compound
    }

    /// The search text, as sent in `q`.
    public let text: String
    private let shape: Shape

    private init(text: String, shape: Shape) {
        self.text = text
        self.shape = shape
    }

    /// Search text written by hand, used as it is (parenthesised when combined).
    public init(raw text: String) {
        self.init(text: text, shape: .compound)
    }

    public var description: String { text }

    // MARK: - Terms

    /// `name = '…'`: the file's name is exactly `name`.
    public static func name(is name: String) -> DriveQuery {
        term("name = \(literal(name))")
    }

    /// `name contains '…'`: Drive matches the start of words of the name ('Note' finds
    /// "Meeting Notes").
    public static func name(contains text: String) -> DriveQuery {
        term("name contains \(literal(text))")
    }

    /// `fullText contains '…'`: the name, description, or indexed content contains `text`.
    public static func fullText(contains text: String) -> DriveQuery {
        term("fullText contains \(literal(text))")
    }

    /// `mimeType = '…'`: e.g. `application/vnd.google-apps.folder` for folders.
    public static func mimeType(is type: String) -> DriveQuery {
        term("mimeType = \(literal(type))")
    }

    /// `mimeType contains '…'`: e.g. `image/`.
    public static func mimeType(contains text: String) -> DriveQuery {
        term("mimeType contains \(literal(text))")
    }

    /// `'…' in parents`: the file is in the folder `folderID` (`root` for My Drive's top).
    public static func parent(_ folderID: String) -> DriveQuery {
        term("\(literal(folderID)) in parents")
    }

    /// `trashed = true|false`: `.trashed(false)` finds the files not in the trash.
    public static func trashed(_ value: Bool) -> DriveQuery {
        term("trashed = \(value)")
    }

    /// `starred = true|false`.
    public static func starred(_ value: Bool) -> DriveQuery {
        term("starred = \(value)")
    }

    /// `sharedWithMe = true|false`: whether others shared the file with the user.
    public static func sharedWithMe(_ value: Bool) -> DriveQuery {
        term("sharedWithMe = \(value)")
    }

    /// `modifiedTime <op> '…'`, the date in RFC 3339.
    public static func modifiedTime(_ comparison: Comparison, _ date: Date) -> DriveQuery {
        term("modifiedTime \(comparison.rawValue) \(literal(RFC3339.format(date)))")
    }

    /// `createdTime <op> '…'`, the date in RFC 3339.
    public static func createdTime(_ comparison: Comparison, _ date: Date) -> DriveQuery {
        term("createdTime \(comparison.rawValue) \(literal(RFC3339.format(date)))")
    }

    /// `properties has { key='…' and value='…' }`: a public custom property.
    public static func property(_ key: String, is value: String) -> DriveQuery {
        term("properties has { key=\(literal(key)) and value=\(literal(value)) }")
    }

    /// `appProperties has { key='…' and value='…' }`: a property private to the app.
    public static func appProperty(_ key: String, is value: String) -> DriveQuery {
        term("appProperties has { key=\(literal(key)) and value=\(literal(value)) }")
    }

    /// How a time term compares.
    public enum Comparison: String, Sendable, Hashable, CaseIterable {
        case before = "<"
        case atOrBefore = "<="
        case after = ">"
        case atOrAfter = ">="
        case equal = "="
        case notEqual = "!="
    }

    // MARK: - Combining

    /// Both terms: `a and b`.
    public static func && (left: DriveQuery, right: DriveQuery) -> DriveQuery {
        DriveQuery(text: "\(left.operand) and \(right.operand)", shape: .compound)
    }

    /// Either term: `a or b`.
    public static func || (left: DriveQuery, right: DriveQuery) -> DriveQuery {
        DriveQuery(text: "\(left.operand) or \(right.operand)", shape: .compound)
    }

    /// The term's negation: `not a`.
    public static prefix func ! (query: DriveQuery) -> DriveQuery {
        DriveQuery(text: "not \(query.operand)", shape: .term)
    }

    /// Every term (`a and b and …`); `nil` for none.
    public static func all(_ terms: [DriveQuery]) -> DriveQuery? {
        guard let first = terms.first else { return nil }
        return terms.dropFirst().reduce(first) { $0 && $1 }
    }

    /// Any of the terms (`a or b or …`); `nil` for none.
    public static func any(_ terms: [DriveQuery]) -> DriveQuery? {
        guard let first = terms.first else { return nil }
        return terms.dropFirst().reduce(first) { $0 || $1 }
    }

    // MARK: - Text

    private static func term(_ text: String) -> DriveQuery {
        DriveQuery(text: text, shape: .term)
    }

    /// The text as part of a larger term.
    private var operand: String {
        shape == .term ? text : "(\(text))"
    }

    /// `value` as a Drive string literal: in single quotes, `\` and `'` escaped with `\`.
    public static func literal(_ value: String) -> String {
        // By scalar, not Character: a combining mark after a quote makes one Character of
        // both, and the quote must still be escaped.
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in value.unicodeScalars {
            if scalar == "\\" || scalar == "'" { result.append("\\") }
            result.append(scalar)
        }
        result.append("'")
        return String(result)
    }
}
