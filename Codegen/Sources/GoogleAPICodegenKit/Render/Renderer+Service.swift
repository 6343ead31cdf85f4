// MARK: - Service

extension Renderer {
    /// The service struct: descriptor, init with `rootURL:` override, scope constants,
    /// top-level resources and any methods on the service itself.
    func renderService(_ service: SwiftService, into writer: inout SwiftWriter) {
        writer.documentation(
            service.documentation.lines.isEmpty
                ? ["The \(service.apiName) \(service.version) API."]
                : service.documentation.lines)
        writer.block("public struct \(service.typeName): Swift.Sendable") { writer in
            writer.line("/// Where and what this API is, from its Discovery document.")
            writer.line("public static let descriptor = GoogleAPIRuntime.GoogleServiceDescriptor(")
            writer.line("    name: \(literal(service.apiName)),")
            writer.line("    version: \(literal(service.version)),")
            // The translator checked that rootUrl parses, so the unwrap cannot fail.
            writer.line("    rootURL: Foundation.URL(string: \(literal(service.rootURL)))!,")
            writer.line("    servicePath: \(literal(service.servicePath)),")
            writer.line("    batchPath: \(service.batchPath.map(literal) ?? "nil")")
            writer.line(")")
            writer.line()
            writer.line("/// The client every resource sends its calls through. Set its `standardParameters`")
            writer.line("/// (e.g. `quotaUser`) to apply them to every call of this service value.")
            writer.line("public var client: GoogleAPIRuntime.GoogleServiceClient")
            writer.line()
            writer.line("/// Creates the service.")
            writer.line("/// - Parameters:")
            writer.line("///   - session: The authorized session that sends requests.")
            writer.line("///   - rootURL: Overrides the API's root URL (e.g. a local emulator).")
            writer.block("public init(session: GoogleAPIRuntime.AuthorizedSession, rootURL: Foundation.URL? = nil)") { writer in
                writer.line(
                    "client = GoogleAPIRuntime.GoogleServiceClient(session: session, descriptor: Self.descriptor, rootURL: rootURL)")
            }
            renderResourceMembers(service.root, includingChildTypes: false, into: &writer)
            renderQuotaCosts(service, into: &writer)
            writer.line()
            writer.line("/// OAuth 2.0 scopes of this API.")
            writer.block("public enum \(service.scopeTypeName)") { writer in
                for scope in service.scopes {
                    writer.line("public static let \(SwiftNaming.escaped(scope.name)) = \(literal(scope.url))")
                }
            }
        }
    }

    /// `quotaCosts`: every method's cost, for pricing requests (only with a cost table).
    private func renderQuotaCosts(_ service: SwiftService, into writer: inout SwiftWriter) {
        var references: [String] = []
        func collect(_ resource: SwiftResource, prefix: String) {
            for method in resource.methods {
                if let cost = method.quotaCost { references.append(prefix + SwiftNaming.escaped(cost.memberName)) }
            }
            for child in resource.children { collect(child, prefix: prefix + child.typeName + ".") }
        }
        collect(service.root, prefix: "Self.")
        guard !references.isEmpty else { return }
        writer.line()
        writer.line("/// The quota cost of every method that has one, from the cost table the generator was given.")
        writer.wrappedList("public static let quotaCosts: [GoogleAPIRuntime.APIQuotaCost] = [", references, "]")
    }

    /// A Swift string literal of `text` (Discovery strings are arbitrary text); see `SwiftSource`.
    func literal(_ text: String) -> String {
        SwiftSource.stringLiteral(text)
    }
}
