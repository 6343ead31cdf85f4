// MARK: - Structs

extension Translator {
    /// Translates an object schema's properties (sorted by wire name) into a struct, with
    /// inline objects and enums as nested types.
    /// - Parameters:
    ///   - schema: An object schema.
    ///   - name: The struct's Swift name.
    ///   - path: JSON path of the schema (matches the recursion analysis' node ids).
    ///   - enclosingNames: Names of the types this one is nested in.
    /// - Throws: `TranslationError` for dangling references.
    func translateStruct(_ schema: DiscoverySchema, name: String, path: String, enclosingNames: [String]) throws(TranslationError)
        -> SwiftStruct
    {
        let enclosing = enclosingNames + [name]
        var typeScope = NameScope(reserved: ["CodingKeys"], shared: topLevelNames, blocked: Set(enclosing))
        var memberScope = NameScope()
        var nestedTypes: [SwiftTypeDeclaration] = []
        var properties: [SwiftProperty] = []

        // Names are claimed first by the members whose wire name already is their Swift name,
        // then by the rest in sorted order: `nextPageToken` keeps its name (what pagination
        // reads) even when `next-page-token` sorts before it, and `page_items` next to
        // `pageItems` becomes `pageItems2`, whatever the order.
        let keys = (schema.properties ?? [:]).keys.sorted()
        var swiftNames: [String: String] = [:]
        for key in keys where SwiftNaming.memberName(key) == key { swiftNames[key] = memberScope.claim(key) }
        for key in keys where swiftNames[key] == nil { swiftNames[key] = memberScope.claim(SwiftNaming.memberName(key)) }

        for key in keys {
            guard let property = schema.properties?[key] else { continue }
            let propertyPath = "\(path).properties.\(key)"
            let (type, coding) = try translateType(
                property, suggestedName: SwiftNaming.typeName(key), path: propertyPath,
                typeScope: &typeScope, nestedTypes: &nestedTypes, enclosingNames: enclosing
            )
            // Deprecated properties get `@available(deprecated)` on a computed accessor over
            // private storage, which the generated Codable code uses (so it stays warning-free).
            let documentation = Translator.propertyDocumentation(property)
            properties.append(
                SwiftProperty(
                    name: swiftNames[key] ?? SwiftNaming.memberName(key),
                    wireName: key,
                    type: type,
                    coding: coding,
                    documentation: documentation,
                    isBoxed: boxedPropertyPaths.contains(propertyPath)
                ))
        }
        var documentation = Translator.documentation(schema.description)
        if schema.deprecated == true {
            documentation.lines += documentation.lines.isEmpty ? ["- Note: Deprecated."] : ["", "- Note: Deprecated."]
        }
        return SwiftStruct(name: name, documentation: documentation, properties: properties, nestedTypes: nestedTypes)
    }
}
