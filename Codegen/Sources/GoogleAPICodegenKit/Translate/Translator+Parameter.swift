// MARK: - Parameter types

extension Translator {
    /// Maps a path/query parameter to a Swift type that conforms to `APIParameterValue`.
    /// Enum parameters get a nested enum in the resource.
    /// - Parameters:
    ///   - parameter: The Discovery parameter.
    ///   - suggestedName: Name for an enum type (`ListOrderBy`).
    ///   - typeScope: The resource's nested-type names.
    ///   - enums: Receives a new enum declaration.
    func translateParameterType(
        _ parameter: DiscoveryParameter, suggestedName: String,
        typeScope: inout NameScope, enums: inout [SwiftTypeDeclaration]
    ) -> SwiftTypeRef {
        if let values = parameter.enum, parameter.type == "string" {
            let name = typeScope.claim(suggestedName)
            enums.append(
                .enumeration(
                    translateEnum(
                        values: values, descriptions: parameter.enumDescriptions, name: name,
                        documentation: Translator.documentation(parameter.description)
                    )))
            return .named(name)
        }
        switch (parameter.type, parameter.format) {
        case ("string", "int64"), ("integer", "int64"): return .named("Swift.Int64")
        case ("string", "uint64"), ("integer", "uint64"): return .named("Swift.UInt64")
        case ("string", "date-time"), ("string", "google-datetime"): return .named("Foundation.Date")
        case ("integer", "int32"): return .named("Swift.Int32")
        case ("integer", "uint32"): return .named("Swift.UInt32")
        case ("integer", _): return .named("Swift.Int")
        case ("number", "float"): return .named("Swift.Float")
        case ("number", _): return .named("Swift.Double")
        case ("boolean", _): return .named("Swift.Bool")
        // Strings, durations, field masks, bytes, and the rare object-typed query parameter
        // (sent as the caller's JSON text).
        default: return .named("Swift.String")
        }
    }
}
