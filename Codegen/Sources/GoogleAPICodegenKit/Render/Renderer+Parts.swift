// MARK: - YouTube parts

/// `part: [.snippet, .status]`: for each schema a `part` parameter names the members of, one
/// static member per top-level member in an extension of the runtime's `GoogleResourcePart`
/// constrained to it (the shape of the field selections, for the same build-time reasons).
extension Renderer {
    /// The schemas (top-level Swift names) some method's `part` parameter takes parts of.
    static func partSchemas(_ resource: SwiftResource) -> Set<String> {
        var names = Set(resource.methods.flatMap { $0.parameters.compactMap(\.partsOf) })
        for child in resource.children { names.formUnion(partSchemas(child)) }
        return names
    }

    /// The part members of `declaration`, when it is a struct some `part` parameter names.
    func renderParts(_ declaration: SwiftTypeDeclaration, serviceTypeName: String, partSchemas: Set<String>, into writer: inout SwiftWriter)
    {
        guard case .structure(let structure) = declaration, partSchemas.contains(structure.name), !structure.properties.isEmpty else {
            return
        }
        let qualified = "\(serviceTypeName).\(structure.name)"
        writer.line()
        writer.documentation(["The parts of ``\(qualified)`` a `part` parameter names."])
        writer.block("extension GoogleAPIRuntime.GoogleResourcePart where Resource == \(qualified)") { writer in
            for property in structure.properties {
                writer.line(
                    "\(Self.emitIntoClient) public static var \(SwiftNaming.escaped(property.name)): Self { Self(\(literal(property.wireName))) }"
                )
            }
        }
    }
}
