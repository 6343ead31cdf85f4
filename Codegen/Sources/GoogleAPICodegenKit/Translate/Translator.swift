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

    /// Creates a translator for one document.
    public init(document: DiscoveryDocument) {
        self.document = document
    }

    /// Translates the document.
    /// - Parameter document: A parsed Discovery document.
    /// - Throws: `TranslationError` naming the JSON path of the problem.
    public static func translate(_ document: DiscoveryDocument) throws(TranslationError) -> SwiftService {
        var translator = Translator(document: document)
        return try translator.translateService()
    }

    // MARK: - Shared helpers

    /// Doc comment lines from Discovery prose.
    static func documentation(_ description: String?, deprecated: Bool? = nil) -> SwiftDocumentation {
        let lines = (description ?? "")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingTrailingWhitespace() }
        var trimmed = Array(lines.drop(while: { $0.isEmpty }))
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        return SwiftDocumentation(lines: trimmed, isDeprecated: deprecated ?? false)
    }
}

extension String {
    func replacingTrailingWhitespace() -> String {
        var result = Substring(self)
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return String(result)
    }
}
