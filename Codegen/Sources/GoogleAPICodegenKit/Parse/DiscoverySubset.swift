// MARK: - DiscoverySubset

/// The part of a document an app generates: the resources and methods it names (`"include"` in
/// `google-api-codegen.json`, `--include` on the command line) and only the schemas they
/// reach. An app that calls four of YouTube's resources builds those, not all thirty.
///
/// A name is a resource (`liveBroadcasts`, all of its methods and sub-resources), a
/// sub-resource by its path (`liveChat.messages`) or one method (`videos.list`, and
/// `tokeninfo` for a method on the service itself). The schemas kept are the request and
/// response schemas of the kept methods and every schema those refer to, transitively.
public struct DiscoverySubset: Sendable, Equatable {
    /// The names, as written.
    public var names: [String]

    /// - Parameter names: Resource and method names (see ``DiscoverySubset``).
    public init(_ names: [String]) {
        self.names = names
    }

    /// The document with only the named resources and methods and the schemas they reach.
    /// - Parameter document: The whole document.
    /// - Returns: The subset, as a document of its own.
    /// - Throws: `TranslationError` (path `include`) for a name that is no resource or method of
    ///   the document, listing what it has; or for an empty list.
    func applied(to document: DiscoveryDocument) throws(TranslationError) -> DiscoveryDocument {
        guard !names.isEmpty else {
            throw TranslationError(path: "include", message: "names nothing: list the resources or methods to generate")
        }
        let root = DiscoveryResource(methods: document.methods, resources: document.resources)
        var kept = DiscoveryResource(methods: nil, resources: nil)
        for name in names {
            try Self.keep(name.split(separator: ".", omittingEmptySubsequences: false).map(String.init), of: root, into: &kept, name: name)
        }
        var subset = document
        subset.methods = kept.methods
        subset.resources = kept.resources
        subset.schemas = Self.reachableSchemas(of: kept, in: document.schemas ?? [:])
        return subset
    }

    /// Copies what `path` names from `resource` into `kept`.
    private static func keep(
        _ path: [String], of resource: DiscoveryResource, into kept: inout DiscoveryResource, name: String
    ) throws(TranslationError) {
        guard let first = path.first else { return }
        if path.count == 1, let method = resource.methods?[first] {
            kept.methods = (kept.methods ?? [:]).merging([first: method]) { _, new in new }
            if resource.resources?[first] == nil { return }
        }
        guard let child = resource.resources?[first] else {
            let known = ((resource.resources ?? [:]).keys.sorted() + (resource.methods ?? [:]).keys.sorted())
            throw TranslationError(
                path: "include",
                message: "\"\(CodegenCommandLine.printable(name))\" names no resource or method of the document"
                    + " (\"\(CodegenCommandLine.printable(first))\" is not one of: \(known.joined(separator: ", ")))")
        }
        var keptChild = kept.resources?[first] ?? DiscoveryResource(methods: nil, resources: nil, deprecated: child.deprecated)
        if path.count == 1 {
            keptChild = child
        } else {
            try keep(Array(path.dropFirst()), of: child, into: &keptChild, name: name)
        }
        kept.resources = (kept.resources ?? [:]).merging([first: keptChild]) { _, new in new }
    }

    /// The schemas the methods of `resource` (and its sub-resources) reach: their request and
    /// response schemas and, transitively, every schema those refer to.
    static func reachableSchemas(of resource: DiscoveryResource, in schemas: [String: DiscoverySchema]) -> [String: DiscoverySchema] {
        var pending: [String] = []
        func methods(_ resource: DiscoveryResource) {
            for method in (resource.methods ?? [:]).values {
                for body in [method.request, method.response] { body.map { references($0, into: &pending) } }
            }
            for child in (resource.resources ?? [:]).values { methods(child) }
        }
        methods(resource)
        var reached: [String: DiscoverySchema] = [:]
        while let key = pending.popLast() {
            guard reached[key] == nil, let schema = schemas[key] else { continue }
            reached[key] = schema
            references(schema, into: &pending)
        }
        return reached
    }

    /// Every `$ref` in `schema` and the schemas nested in it.
    private static func references(_ schema: DiscoverySchema, into names: inout [String]) {
        if let ref = schema.ref { names.append(ref) }
        for property in (schema.properties ?? [:]).values { references(property, into: &names) }
        if let items = schema.items { references(items, into: &names) }
        if let values = schema.additionalProperties { references(values, into: &names) }
    }
}
