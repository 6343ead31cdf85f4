// MARK: - Pagination

extension Translator {
    /// Response schemas of methods that page: the method has a `pageToken` query parameter and
    /// the response a string `nextPageToken` plus an array of items (`items`, or the only array),
    /// and no `pollingIntervalMillis` (polled responses are not pages to fetch back to back).
    /// - Returns: Response schema key → wire name of its items property.
    func findPageItemProperties() -> [String: String] {
        var result: [String: String] = [:]
        func visit(_ methods: [String: DiscoveryMethod]?, _ resources: [String: DiscoveryResource]?) {
            for method in (methods ?? [:]).values {
                guard method.parameters?["pageToken"]?.location == "query",
                    let key = method.response?.ref, result[key] == nil,
                    let schema = document.schemas?[key],
                    let properties = schema.properties,
                    // A plain string: the runtime's protocol needs `nextPageToken: String?`.
                    properties["nextPageToken"]?.type == "string",
                    properties["nextPageToken"]?.format == nil, properties["nextPageToken"]?.enum == nil,
                    // The conformance adds `pageItems`; no member may already take that name
                    // (`pageItems`, `page_items`, `page-items`, …).
                    !properties.keys.contains(where: { SwiftNaming.memberName($0) == "pageItems" }),
                    // A polled stream (live chat): the next page is due only after the server's
                    // interval, so a back-to-back page sequence would be wrong.
                    properties["pollingIntervalMillis"] == nil
                else { continue }
                let arrays = properties.filter { $0.value.type == "array" }.keys.sorted()
                if arrays.contains("items") {
                    result[key] = "items"
                } else if let only = arrays.first, arrays.count == 1 {
                    result[key] = only
                } else if let first = arrays.first(where: { !["unreachable", "warnings", "failedLocations"].contains($0) }) {
                    result[key] = first
                }
            }
            for resource in (resources ?? [:]).values { visit(resource.methods, resource.resources) }
        }
        visit(document.methods, document.resources)
        return result
    }

    /// `extension Page: PageableResponse` declarations, sorted by page type.
    /// - Throws: `TranslationError` for dangling references in the items' schema.
    func translatePageableConformances() throws(TranslationError) -> [SwiftPageableConformance] {
        var conformances: [SwiftPageableConformance] = []
        for key in pageItemProperties.keys.sorted() {
            guard let property = pageItemProperties[key], let pageType = schemaNames[key],
                let schema = document.schemas?[key], schema.properties != nil,
                case .structure(let structure) = try translateSchema(schema, key: key),
                let items = structure.properties.first(where: { $0.wireName == property }),
                case .array(let element) = items.type
            else { continue }
            // The struct's storage of a boxed or deprecated property (same file, so `private` is visible).
            let accessor =
                items.isBoxed
                ? "_\(items.name)?.value"
                : items.documentation.isDeprecated ? "_\(items.name)" : SwiftNaming.escaped(items.name)
            conformances.append(
                SwiftPageableConformance(
                    pageType: pageType, itemType: element, itemsProperty: items.name, itemsAccessor: accessor))
        }
        return conformances
    }
}
