// MARK: - SwiftNaming

/// Deterministic wire-name → Swift-identifier rules.
///
/// Words are split on anything that is not a letter or digit (`-`, `.`, `$`, `@`, `_`, `/`, space),
/// joined in camel case, and given a leading `_` when they would start with a digit. Keywords
/// are escaped with backticks by `escaped(_:)` at render time; the few names that cannot be used
/// even with backticks get a suffix here.
enum SwiftNaming {
    /// `liveBroadcasts` → `LiveBroadcasts`, `youtube#video` → `YoutubeVideo`, `1p` → `_1p`.
    static func typeName(_ wire: String) -> String {
        var bytes: [UInt8] = []
        for word in splitWords(wire) { bytes += capitalizeFirst(word) }
        var name = bytes.isEmpty ? "Value" : String(decoding: bytes, as: UTF8.self)
        if let first = bytes.first, isDigit(first) { name = "_" + name }
        if unusableTypeNames.contains(name) { name += "Value" }
        return GeneratedFileLayout.shortened(name)
    }

    /// The service type: `typeName(wire)`, plus `API` when that would shadow a Swift, Foundation
    /// or runtime type in every file importing the module (Calendar v3 → `CalendarAPI`, so
    /// `Calendar.current` keeps meaning Foundation's). Other services keep the bare name (`Drive`).
    static func serviceTypeName(_ wire: String) -> String {
        let name = typeName(wire)
        return reservedTypeNames.contains(name) || foundationTypeNames.contains(name) ? name + "API" : name
    }

    /// `pageSize` → `pageSize`, `max-results` → `maxResults`, `ETag` → `eTag`, `$.xgafv` → `xgafv`.
    static func memberName(_ wire: String) -> String {
        lowerCamel(splitWords(wire), fallback: "value")
    }

    /// Enum raw values: `ENUM_VALUE_UNSPECIFIED` → `enumValueUnspecified`, `image/png` → `imagePng`.
    static func caseName(_ wire: String) -> String {
        let words = splitWords(wire)
        let allUpper = !wire.utf8.contains { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
        return lowerCamel(allUpper ? words.map { $0.map(lowercased) } : words, fallback: "empty")
    }

    /// Wraps Swift keywords in backticks for use as identifiers.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label at a call site: only `inout`, `var` and `let` need backticks there.
    static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    // MARK: - Words (ASCII; anything else separates words)

    private static func lowerCamel(_ words: [[UInt8]], fallback: String) -> String {
        guard let first = words.first else { return fallback }
        var bytes = lowercaseLeadingCapitals(first)
        for word in words.dropFirst() { bytes += capitalizeFirst(word) }
        var name = String(decoding: bytes, as: UTF8.self)
        if let initial = bytes.first, isDigit(initial) { name = "_" + name }
        if unusableMemberNames.contains(name) { name += "Value" }
        return GeneratedFileLayout.shortened(name)
    }

    private static func splitWords(_ wire: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in wire.utf8 {
            if isDigit(byte) || isUpper(byte) || isLower(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }

    private static func capitalizeFirst(_ word: [UInt8]) -> [UInt8] {
        guard let first = word.first, isLower(first) else { return word }
        var result = word
        result[0] = first - 32
        return result
    }

    /// `URL` → `url`, `URLPath` → `urlPath`, `ETag` → `eTag`, `Name` → `name`.
    private static func lowercaseLeadingCapitals(_ word: [UInt8]) -> [UInt8] {
        var upperRun = 0
        while upperRun < word.count, isUpper(word[upperRun]) { upperRun += 1 }
        if upperRun == 0 { return word }
        // Keep the capital that starts the next word: "URLPath" → "url" + "Path".
        let lowered = upperRun == word.count || upperRun == 1 ? upperRun : upperRun - 1
        var result = word
        for index in 0..<lowered { result[index] = lowercased(result[index]) }
        return result
    }

    // MARK: - Reserved words

    /// Identifiers that need backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "any",
        "Any",
    ]

    /// Member names that break even with backticks (`x.self`, `x.Type`, initialisers).
    private static let unusableMemberNames: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol", "_"]

    /// Type names that cannot be declared at all.
    private static let unusableTypeNames: Set<String> = ["Self", "Type", "Protocol", "Any", "_"]

    /// Public Foundation and standard-library types a top-level service type could shadow in
    /// callers' files (schemas are nested in the service type and cannot).
    static let foundationTypeNames: Set<String> = [
        "AffineTransform", "AnyHashable", "AsyncStream", "AttributedString", "Bundle", "ByteCountFormatter",
        "Calendar", "CharacterSet", "Clock", "Codable", "Collection", "Comparable", "ContiguousArray",
        "DateComponents", "DateFormatter", "DateInterval", "Decimal", "Duration", "Expression", "FileHandle",
        "FileManager", "Formatter", "Host", "IndexPath", "IndexSet", "Int16", "Int8", "JSONDecoder", "JSONEncoder",
        "Locale", "Measurement", "Mirror", "NSObject", "Notification", "NotificationCenter", "Numeric",
        "ObjectIdentifier", "Operation", "OperationQueue", "Pipe", "Predicate", "Process", "ProcessInfo",
        "Progress", "PropertyListDecoder", "PropertyListEncoder", "Range", "RunLoop", "Scanner", "Stream",
        "Substring", "Thread", "TimeInterval", "TimeZone", "Timer", "UInt", "UInt16", "UInt8", "URLComponents",
        "URLQueryItem", "URLRequest", "URLSession", "UUID", "Unicode", "Unit", "UserDefaults",
    ]

    /// Type names that schemas do not take (`Date` → `DateSchema`). Generated code spells every
    /// library type with its module (`Foundation.Date`), so a schema named like one cannot
    /// break it; the renaming keeps callers' unqualified names meaning what they expect, and
    /// the module names keep the qualifiers working.
    static let reservedTypeNames: Set<String> = [
        // Modules generated code qualifies names with (`Swift.String`): a type of that name in
        // scope would capture the qualifier.
        "Swift", "Foundation", "FoundationEssentials", "GoogleAPIRuntime", "GoogleJSON", "GoogleAuth",
        "GoogleHTTPTypes", "GoogleHTTP", "Dispatch", "_Concurrency",
        // Swift
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys",
        "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Equatable", "Error",
        "Float", "Hashable", "Int", "Int32", "Int64", "KeyedDecodingContainer", "KeyedEncodingContainer",
        "Never", "Optional", "Protocol", "Result", "Self", "Sendable", "Set", "String", "Type",
        "UInt32", "UInt64", "Void", "Sequence", "AsyncSequence", "Task",
        // Foundation
        "Data", "Date", "URL",
        // Runtime
        "AuthorizedSession", "APICall", "TypedAPICall", "APIItemSequence", "APIPageSequence", "APIParameterValue",
        "GoogleAPIError", "GoogleBytes", "GoogleDate", "GoogleInt64", "GoogleServiceClient",
        "GoogleServiceDescriptor", "GoogleUInt64", "GoogleHTTPMethod", "JSONValue", "MediaDownloadStream",
        "MediaProgress", "MediaUpload", "PageableResponse", "StandardParameters",
        "GoogleJSONFastDecodable", "GoogleJSONValueRef", "GoogleJSONKeyTable", "GoogleJSONMembers",
        "GoogleJSONMemberWriter", "GoogleMemberwiseEquatable", "GoogleStringEnum", "GoogleJSONModel",
        "GoogleJSONObjectDecodable", "GoogleAPIEnum",
        // Generated support
        "IndirectBox", "GeneratedEnumDecoding",
    ]
}
