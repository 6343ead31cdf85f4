// MARK: - Schemas

extension Translator {
    /// Translates one top-level schema: objects become structs, enums enums, anything else a
    /// typealias.
    /// - Parameters:
    ///   - schema: The schema.
    ///   - key: Its key in `schemas` (what `$ref`s use).
    /// - Throws: `TranslationError` for dangling references.
    func translateSchema(_ schema: DiscoverySchema, key: String) throws(TranslationError) -> SwiftTypeDeclaration {
        let name = schemaNames[key] ?? SwiftNaming.typeName(key)
        let path = "schemas.\(key)"
        let documentation = Translator.documentation(schema.description, deprecated: schema.deprecated)

        if schema.properties != nil || (schema.type == "object" && schema.additionalProperties == nil && schema.ref == nil) {
            return .structure(try translateStruct(schema, name: name, path: path, enclosingNames: []))
        }
        if let values = schema.enum, schema.ref == nil, schema.type == "string" {
            return .enumeration(
                translateEnum(values: values, descriptions: schema.enumDescriptions, name: name, documentation: documentation))
        }
        // Scalars, arrays and maps: no nesting scope of their own, so inline element types are
        // not possible here; they fall back to JSONValue through `translateType`.
        var scope = NameScope(shared: topLevelNames)
        var nested: [SwiftTypeDeclaration] = []
        let (type, _) = try translateType(
            schema, suggestedName: name + "Element", path: path, typeScope: &scope, nestedTypes: &nested, enclosingNames: [name])
        if !nested.isEmpty {
            return .alias(SwiftTypeAlias(name: name, documentation: documentation, target: .named("GoogleAPIRuntime.JSONValue")))
        }
        return .alias(SwiftTypeAlias(name: name, documentation: documentation, target: type))
    }
}
