// MARK: - SwiftParameter

/// A method argument bound to a path or query parameter.
public struct SwiftParameter: Sendable, Equatable {
    public enum Location: Sendable, Equatable { case path, query }

    public var name: String
    public var wireName: String
    /// Element type for repeated parameters; the argument is `[type]` then.
    public var type: SwiftTypeRef
    public var isRepeated: Bool
    public var isRequired: Bool
    public var location: Location
    public var documentation: SwiftDocumentation
    /// For YouTube's `part`: the schema (top-level Swift name) whose top-level members are the
    /// parts, the elements being `GoogleResourcePart<Schema>` values.
    public var partsOf: String? = nil

    /// Deprecated by the API and optional: a `@available(*, deprecated)` property of the
    /// parameters value, and no argument of the flattened method, so that using it warns. (A required parameter
    /// stays an ordinary one: a call cannot leave it out.)
    public var isDeprecated: Bool { documentation.isDeprecated && !isRequired }

    /// The argument's full Swift type.
    public var argumentType: String {
        let base = isRepeated ? "[\(type.text)]" : type.text
        return isRequired ? base : "\(base)?"
    }
}

// MARK: - SwiftMethod

/// One Discovery method → its parameters as one value (`ListParameters`), the functions that
/// take it, and the call builder they share.
public struct SwiftMethod: Sendable, Equatable {
    public var name: String
    /// Internal function that builds the `APICall` all variants send.
    public var builderName: String
    /// The nested struct holding the method's path and query parameters (`ListParameters`);
    /// `nil` for a method without any.
    public var parametersTypeName: String?
    public var documentation: SwiftDocumentation
    public var httpMethod: String
    public var path: String
    public var scopes: [String]
    /// Ordered: required (parameterOrder) first, then optional sorted by name.
    public var parameters: [SwiftParameter]
    /// Argument name and type of the request body, when the method takes one.
    public var body: (name: String, type: String)?
    public var responseType: String?
    /// The page-sequence variant (`listPages`), when the method pages.
    public var pagesName: String?
    /// Upload variant: the argument name for `MediaUpload` and the upload path.
    public var upload: (argumentName: String, path: String)?
    /// Download variants (`<name>Media(to:)`, `<name>MediaStream()`), when supported.
    public var download: SwiftDownload?
    /// The public function returning the method's `TypedAPICall` (`getCall`), when it has a
    /// plain JSON variant.
    public var typedCallName: String?
    /// Skip the plain JSON variant (download-only methods with no response schema).
    public var emitsPlainVariant: Bool
    /// A server-streaming method: the plain variant returns a `ServerStream` of the response type.
    public var serverStream: SwiftServerStream?
    /// The method's quota cost, when the generator was given a cost table.
    public var quotaCost: SwiftQuotaCost? = nil
    /// The Discovery method ID (`drive.files.list`) every call of the method carries; `nil` when
    /// the document gives none.
    public var methodID: String? = nil
    /// The static list of its query parameters' wire names (`listQueryNames`), when it has any.
    public var queryNamesMember: String? = nil

    public static func == (lhs: SwiftMethod, rhs: SwiftMethod) -> Bool {
        lhs.name == rhs.name && lhs.builderName == rhs.builderName && lhs.parametersTypeName == rhs.parametersTypeName
            && lhs.path == rhs.path
            && lhs.httpMethod == rhs.httpMethod && lhs.parameters == rhs.parameters
            && lhs.body?.name == rhs.body?.name && lhs.body?.type == rhs.body?.type
            && lhs.responseType == rhs.responseType && lhs.pagesName == rhs.pagesName && lhs.typedCallName == rhs.typedCallName
            && lhs.upload?.argumentName == rhs.upload?.argumentName && lhs.upload?.path == rhs.upload?.path
            && lhs.download == rhs.download && lhs.scopes == rhs.scopes
            && lhs.documentation == rhs.documentation && lhs.emitsPlainVariant == rhs.emitsPlainVariant
            && lhs.serverStream == rhs.serverStream && lhs.quotaCost == rhs.quotaCost && lhs.queryNamesMember == rhs.queryNamesMember
    }
}

// MARK: - SwiftResource

/// A Discovery resource → a struct holding the client, its methods and sub-resources.
public struct SwiftResource: Sendable, Equatable {
    public var typeName: String
    /// Property name in the parent (service or resource).
    public var propertyName: String
    public var wireName: String
    public var documentation: SwiftDocumentation
    public var methods: [SwiftMethod]
    public var children: [SwiftResource]
    /// Parameter enums, nested in this resource's struct.
    public var nestedTypes: [SwiftTypeDeclaration]
}

// MARK: - SwiftService

/// The whole generated module.
public struct SwiftService: Sendable, Equatable {
    public var typeName: String
    public var documentation: SwiftDocumentation
    public var apiName: String
    public var version: String
    public var rootURL: String
    public var servicePath: String
    public var batchPath: String?
    /// The nested enum holding the scope constants (`Scope`).
    public var scopeTypeName: String
    /// `(constant name, scope URL)` sorted by URL.
    public var scopes: [(name: String, url: String)]
    /// Methods and resources directly on the service type.
    public var root: SwiftResource
    public var schemas: [SwiftTypeDeclaration]
    /// The Discovery key of each entry of `schemas` (same order); file layout groups by key.
    public var schemaKeys: [String]
    public var pageableConformances: [SwiftPageableConformance]
    /// Whether any property is boxed (emit `IndirectBox`).
    public var usesIndirectBox: Bool
    /// The schema and resource keys the files are laid out by, when not this service's own: a
    /// subset (``DiscoverySubset``) keeps the whole document's file names.
    public var layoutKeys: (schemas: [String], resources: [String])? = nil

    public static func == (lhs: SwiftService, rhs: SwiftService) -> Bool {
        lhs.typeName == rhs.typeName && lhs.root == rhs.root && lhs.schemas == rhs.schemas
            && lhs.scopes.map(\.url) == rhs.scopes.map(\.url) && lhs.rootURL == rhs.rootURL
            && lhs.pageableConformances == rhs.pageableConformances
    }
}

// MARK: - SwiftDownload

/// The download variants of a method that supports media download.
public struct SwiftDownload: Sendable, Equatable {
    /// `getMedia(..., to:progress:)`.
    public var fileVariantName: String
    /// `getMediaStream(...)`.
    public var streamVariantName: String
    /// Argument names for the destination URL and progress callback.
    public var destinationArgument: String
    public var progressArgument: String
    /// Add `alt=media` (the method otherwise returns JSON metadata).
    public var addsAltMedia: Bool
}

// MARK: - SwiftQuotaCost

/// What one request to a method costs in quota units, from the cost table beside the document.
public struct SwiftQuotaCost: Sendable, Equatable {
    /// The Discovery method ID, e.g. `youtube.liveBroadcasts.transition`.
    public var method: String
    /// The method's path under the root URL (service path included).
    public var path: String
    public var units: Int
    /// `published`, `estimated` or `unpublished`.
    public var source: String
    /// The static constant holding it, e.g. `transitionQuotaCost`.
    public var memberName: String
}

// MARK: - SwiftServerStream

/// How a server-streaming method's sequence resumes.
public struct SwiftServerStream: Sendable, Equatable {
    /// The method takes `pageToken` and each element has a string `nextPageToken`: a reconnect
    /// continues after the last element.
    public var resumesWithPageToken: Bool
}
