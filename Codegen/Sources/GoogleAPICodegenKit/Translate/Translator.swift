// MARK: - Translator

/// Turns a parsed Discovery document into the Swift model (`SwiftService`). Each translation
/// step lives in its own `Translator+<step>.swift` file.
public struct Translator: Sendable {
    let document: DiscoveryDocument
    /// Discovery schema key → Swift type name.
    var schemaNames: [String: String] = [:]
    /// Every top-level name the module declares; nested types must avoid them to not shadow.
    var topLevelNames: Set<String> = []
    /// JSON paths (`schemas.Foo.properties.bar`) of properties that must be boxed.
    var boxedPropertyPaths: Set<String> = []
    /// Response schema key → items property wire name, for pageable responses.
    var pageItemProperties: [String: String] = [:]
    /// Discovery method ID → its quota cost (empty: the methods state none).
    let quotaCosts: [String: QuotaCostTable.Entry]

    /// Creates a translator for one document.
    /// - Parameters:
    ///   - document: The parsed document.
    ///   - quotaCosts: Each method's quota cost, by Discovery method ID.
    public init(document: DiscoveryDocument, quotaCosts: [String: QuotaCostTable.Entry] = [:]) {
        self.document = document
        self.quotaCosts = quotaCosts
    }

    /// Translates the document.
    /// - Parameters:
    ///   - document: A parsed Discovery document.
    ///   - quotaCosts: Each method's quota cost, by Discovery method ID.
    /// - Throws: `TranslationError` naming the JSON path of the problem.
    public static func translate(
        _ document: DiscoveryDocument, quotaCosts: [String: QuotaCostTable.Entry] = [:]
    ) throws(TranslationError) -> SwiftService {
        var translator = Translator(document: document, quotaCosts: quotaCosts)
        return try translator.translateService()
    }

    // MARK: - Shared helpers

    /// Doc comment lines from Discovery prose: split at every line break (`SwiftSource.lines`:
    /// CR, LF, CRLF, VT, FF, NEL, U+2028/9), trailing blanks trimmed, leading and trailing empty
    /// lines dropped. The writer makes each line safe for a comment.
    static func documentation(_ description: String?, deprecated: Bool? = nil) -> SwiftDocumentation {
        guard let description, !description.isEmpty else {
            return SwiftDocumentation(lines: [], isDeprecated: deprecated ?? false)
        }
        var lines = SwiftSource.lines(description).map { line in
            var text = Substring(line)
            while let last = text.unicodeScalars.last, last == " " || last == "\t" { text = text.dropLast() }
            return String(text)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return SwiftDocumentation(lines: lines, isDeprecated: deprecated ?? false)
    }
}
