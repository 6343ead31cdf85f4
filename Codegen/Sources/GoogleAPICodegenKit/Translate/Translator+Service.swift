import Foundation

// MARK: - Service

extension Translator {
    /// Translates the whole document: names, recursion analysis, schemas, resources, scopes.
    mutating func translateService() throws(TranslationError) -> SwiftService {
        let wireName = document.canonicalName ?? document.name ?? "Service"
        let typeName = SwiftNaming.serviceTypeName(wireName)
        guard let rootURL = document.rootUrl else {
            throw TranslationError(path: "rootUrl", message: "missing (every REST Discovery document has one)")
        }
        try Self.checkWebURL(rootURL, path: "rootUrl")
        if let baseURL = document.baseUrl { try Self.checkWebURL(baseURL, path: "baseUrl") }

        try checkAliasCycles()
        assignSchemaNames(serviceTypeName: typeName)
        boxedPropertyPaths = try findBoxedProperties()
        pageItemProperties = findPageItemProperties()

        var schemas: [SwiftTypeDeclaration] = []
        var schemaKeys: [String] = []
        for key in (document.schemas ?? [:]).keys.sorted() {
            guard let schema = document.schemas?[key] else { continue }
            schemas.append(try translateSchema(schema, key: key))
            schemaKeys.append(key)
        }

        var serviceTypes = NameScope(shared: topLevelNames, blocked: [typeName])
        // Claimed first so it is `Scope` unless a schema already is (it would shadow it).
        let scopeTypeName = serviceTypes.claim("Scope")
        var serviceMembers = NameScope(reserved: ["client", "descriptor", "standardParameters"])
        let root = try translateResource(
            DiscoveryResource(methods: document.methods, resources: document.resources),
            wireName: "", typeName: typeName, propertyName: "", path: "",
            typeScope: &serviceTypes, memberScope: &serviceMembers
        )

        return SwiftService(
            typeName: typeName,
            documentation: Translator.documentation(document.description),
            apiName: document.name ?? wireName,
            version: document.version ?? "",
            rootURL: rootURL,
            servicePath: document.servicePath ?? "",
            batchPath: document.batchPath,
            scopeTypeName: scopeTypeName,
            scopes: translateScopes(),
            root: root,
            schemas: schemas,
            schemaKeys: schemaKeys,
            pageableConformances: try translatePageableConformances(),
            usesIndirectBox: !boxedPropertyPaths.isEmpty
        )
    }

    /// `Scope.driveReadonly = "https://www.googleapis.com/auth/drive.readonly"`, sorted by URL.
    func translateScopes() -> [(name: String, url: String)] {
        var names = NameScope()
        return (document.auth?.oauth2?.scopes ?? [:]).keys.sorted().map { url in
            var short = url
            for prefix in ["https://www.googleapis.com/auth/", "https://"] where short.hasPrefix(prefix) {
                short = String(short.dropFirst(prefix.count))
                break
            }
            return (names.claim(SwiftNaming.memberName(short)), url)
        }
    }

    /// Top-level schema names: sorted by key, renamed when they would shadow a Swift,
    /// Foundation or runtime type or the service type (`Date` → `DateSchema`).
    mutating func assignSchemaNames(serviceTypeName: String) {
        var scope = NameScope(reserved: SwiftNaming.reservedTypeNames.union([serviceTypeName]))
        for key in (document.schemas ?? [:]).keys.sorted() {
            var candidate = SwiftNaming.typeName(key)
            if scope.contains(candidate) { candidate += "Schema" }
            schemaNames[key] = scope.claim(candidate)
        }
        topLevelNames = Set(schemaNames.values).union(SwiftNaming.reservedTypeNames).union([serviceTypeName])
    }
}

extension Translator {
    /// The service's URLs are where the user's credentials go: only absolute http(s) URLs with
    /// a host, so a document cannot point generated code at `file:`, `javascript:` or the like.
    /// - Throws: `TranslationError` at `path`.
    static func checkWebURL(_ text: String, path: String) throws(TranslationError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            throw TranslationError(path: path, message: "not an absolute URL")
        }
        guard scheme == "https" || scheme == "http" else {
            throw TranslationError(path: path, message: "must be an http or https URL, found the scheme \"\(scheme)\"")
        }
        guard let host = url.host, !host.isEmpty else {
            throw TranslationError(path: path, message: "has no host")
        }
    }
}
