// MARK: - Resources

extension Renderer {
    /// A resource struct with its members and nested sub-resource structs.
    func renderResource(_ resource: SwiftResource, into writer: inout SwiftWriter) {
        writer.documentation(resource.documentation.lines)
        writer.block("public struct \(resource.typeName): Swift.Sendable") { writer in
            writer.line("@usableFromInline let client: GoogleAPIRuntime.GoogleServiceClient")
            writer.line()
            writer.block("init(client: GoogleAPIRuntime.GoogleServiceClient)") { $0.line("self.client = client") }
            renderResourceMembers(resource, into: &writer)
        }
    }

    /// Sub-resource properties, methods, parameter enums and (unless the service's top-level
    /// resources, which get their own files) sub-resource types.
    func renderResourceMembers(_ resource: SwiftResource, includingChildTypes: Bool = true, into writer: inout SwiftWriter) {
        for child in resource.children {
            writer.line()
            writer.documentation(child.documentation.lines)
            writer.line("public var \(SwiftNaming.escaped(child.propertyName)): \(child.typeName) { \(child.typeName)(client: client) }")
        }
        for method in resource.methods {
            renderMethod(method, into: &writer)
        }
        for declaration in resource.nestedTypes {
            writer.line()
            renderDeclaration(declaration, into: &writer)
        }
        for child in resource.children where includingChildTypes {
            writer.line()
            renderResource(child, into: &writer)
        }
    }
}
