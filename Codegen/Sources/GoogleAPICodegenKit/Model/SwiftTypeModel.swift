// MARK: - SwiftTypeRef

/// A Swift type as written at a use site (always resolvable from the scope it is used in).
public indirect enum SwiftTypeRef: Sendable, Equatable {
    case named(String)
    case array(SwiftTypeRef)
    case dictionary(SwiftTypeRef)

    /// Swift spelling: `File`, `[Swift.String]`, `[Swift.String: GoogleAPIRuntime.JSONValue]` (library types
    /// always module-qualified, so no schema name can shadow them). Collections nested more
    /// than `maximumSugarDepth` deep are spelled `Swift.Array<…>`/`Swift.Dictionary<…>`: the
    /// compiler's cost for bracket sugar grows exponentially with its nesting (a 22-deep `[[…]]`
    /// alone took 5 s to type-check, the spelled-out type 0.3 s).
    public var text: String {
        depth > Self.maximumSugarDepth ? longhand : sugared
    }

    /// Nesting depth above which collections are not written with brackets.
    public static let maximumSugarDepth = 8

    private var depth: Int {
        switch self {
        case .named: 0
        case .array(let element): element.depth + 1
        case .dictionary(let value): value.depth + 1
        }
    }

    private var sugared: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element.sugared)]"
        case .dictionary(let value): "[Swift.String: \(value.sugared)]"
        }
    }

    private var longhand: String {
        switch self {
        case .named(let name): name
        case .array(let element): "Swift.Array<\(element.longhand)>"
        case .dictionary(let value): "Swift.Dictionary<Swift.String, \(value.longhand)>"
        }
    }
}

// MARK: - CodingStrategy

/// How a property crosses the wire when Swift's default Codable form is not Google's.
public indirect enum CodingStrategy: Sendable, Equatable {
    /// Swift's own Codable form is the wire form.
    case plain
    /// int64 as a JSON string (`GoogleInt64`).
    case int64
    /// uint64 as a JSON string (`GoogleUInt64`).
    case uint64
    /// RFC 3339 timestamp (`GoogleDate`).
    case date
    /// base64 bytes (`GoogleBytes`).
    case bytes
    case array(CodingStrategy)
    case map(CodingStrategy)

    /// True when some element needs a wrapper.
    public var needsConversion: Bool {
        switch self {
        case .plain: false
        case .int64, .uint64, .date, .bytes: true
        case .array(let inner), .map(let inner): inner.needsConversion
        }
    }
}

// MARK: - Declarations

/// A documented, possibly deprecated declaration.
public struct SwiftDocumentation: Sendable, Equatable {
    /// Doc comment lines without the `///` prefix.
    public var lines: [String]
    public var isDeprecated: Bool

    public init(lines: [String] = [], isDeprecated: Bool = false) {
        self.lines = lines
        self.isDeprecated = isDeprecated
    }
}

/// A stored property of a generated schema struct.
public struct SwiftProperty: Sendable, Equatable {
    public var name: String
    public var wireName: String
    /// The non-optional type; properties are always emitted optional.
    public var type: SwiftTypeRef
    public var coding: CodingStrategy
    public var documentation: SwiftDocumentation
    /// Stored behind `IndirectBox` because the property closes a reference cycle.
    public var isBoxed: Bool
}

/// A schema object → struct.
public struct SwiftStruct: Sendable, Equatable {
    public var name: String
    public var documentation: SwiftDocumentation
    public var properties: [SwiftProperty]
    public var nestedTypes: [SwiftTypeDeclaration]
}

/// An enum that keeps unknown raw values in `unknownCase`.
public struct SwiftEnum: Sendable, Equatable {
    public struct Case: Sendable, Equatable {
        public var name: String
        public var rawValue: String
        public var documentation: SwiftDocumentation
    }

    public var name: String
    public var documentation: SwiftDocumentation
    public var cases: [Case]
    /// Name of the case carrying unrecognised raw strings.
    public var unknownCase: String
}

/// A schema that is not an object (array, map, scalar) → typealias.
public struct SwiftTypeAlias: Sendable, Equatable {
    public var name: String
    public var documentation: SwiftDocumentation
    public var target: SwiftTypeRef
}

public indirect enum SwiftTypeDeclaration: Sendable, Equatable {
    case structure(SwiftStruct)
    case enumeration(SwiftEnum)
    case alias(SwiftTypeAlias)

    public var name: String {
        switch self {
        case .structure(let value): value.name
        case .enumeration(let value): value.name
        case .alias(let value): value.name
        }
    }
}

/// `extension Page: PageableResponse` for responses of pageable methods.
public struct SwiftPageableConformance: Sendable, Equatable {
    public var pageType: String
    public var itemType: SwiftTypeRef
    public var itemsProperty: String
    /// How the conformance reads the items: the property, or its private storage when the
    /// property is deprecated (reading it would warn in every build of the generated module).
    public var itemsAccessor: String
}
