// MARK: - Property types

extension Translator {
    /// Maps a property schema to its Swift type and wire coding, creating nested types for
    /// inline objects and enums.
    /// - Parameters:
    ///   - schema: The property's schema.
    ///   - suggestedName: Name for a nested type, if one is needed.
    ///   - path: JSON path (recursion-analysis node id for inline objects).
    ///   - typeScope: The enclosing struct's type names.
    ///   - nestedTypes: Receives nested declarations.
    ///   - enclosingNames: Names of the enclosing types.
    /// - Throws: `TranslationError` for dangling references.
    func translateType(
        _ schema: DiscoverySchema, suggestedName: String, path: String,
        typeScope: inout NameScope, nestedTypes: inout [SwiftTypeDeclaration], enclosingNames: [String]
    ) throws(TranslationError) -> (SwiftTypeRef, CodingStrategy) {
        if let ref = schema.ref {
            guard let name = schemaNames[ref] else {
                throw TranslationError(path: path, message: "$ref \"\(ref)\" names no schema")
            }
            return (.named(name), .plain)
        }
        if let values = schema.enum, schema.type == "string" || schema.type == nil {
            let name = typeScope.claim(suggestedName)
            nestedTypes.append(
                .enumeration(
                    translateEnum(
                        values: values, descriptions: schema.enumDescriptions, name: name,
                        documentation: Translator.documentation(schema.description)
                    )))
            return (.named(name), .plain)
        }
        switch schema.type {
        case "string":
            switch schema.format {
            case "int64": return (.named("Swift.Int64"), .int64)
            case "uint64": return (.named("Swift.UInt64"), .uint64)
            case "date-time", "google-datetime": return (.named("Foundation.Date"), .date)
            case "byte": return (.named("Foundation.Data"), .bytes)
            default: return (.named("Swift.String"), .plain)
            }
        case "integer":
            switch schema.format {
            case "int32": return (.named("Swift.Int32"), .plain)
            case "uint32": return (.named("Swift.UInt32"), .plain)
            case "int64": return (.named("Swift.Int64"), .plain)
            case "uint64": return (.named("Swift.UInt64"), .plain)
            default: return (.named("Swift.Int"), .plain)
            }
        case "number":
            return (.named(schema.format == "float" ? "Swift.Float" : "Swift.Double"), .plain)
        case "boolean":
            return (.named("Swift.Bool"), .plain)
        case "array":
            guard let items = schema.items else { return (.array(.named("GoogleAPIRuntime.JSONValue")), .plain) }
            let (element, coding) = try translateType(
                items, suggestedName: suggestedName + "Item", path: path + ".items",
                typeScope: &typeScope, nestedTypes: &nestedTypes, enclosingNames: enclosingNames
            )
            return (.array(element), coding.needsConversion ? .array(coding) : .plain)
        case "object" where schema.properties != nil, nil where schema.properties != nil:
            let name = typeScope.claim(suggestedName)
            nestedTypes.append(.structure(try translateStruct(schema, name: name, path: path, enclosingNames: enclosingNames)))
            return (.named(name), .plain)
        case "object":
            guard let values = schema.additionalProperties else {
                return (.dictionary(.named("GoogleAPIRuntime.JSONValue")), .plain)
            }
            let (value, coding) = try translateType(
                values, suggestedName: suggestedName + "Value", path: path + ".additionalProperties",
                typeScope: &typeScope, nestedTypes: &nestedTypes, enclosingNames: enclosingNames
            )
            return (.dictionary(value), coding.needsConversion ? .map(coding) : .plain)
        default:
            // "any", missing or unknown types.
            return (.named("GoogleAPIRuntime.JSONValue"), .plain)
        }
    }
}
