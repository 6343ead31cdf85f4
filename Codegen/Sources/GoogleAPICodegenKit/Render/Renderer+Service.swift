// MARK: - Service

extension Renderer {
    /// The service struct: descriptor, init with `rootURL:` override, scope constants,
    /// top-level resources and any methods on the service itself.
    func renderService(_ service: SwiftService, into writer: inout SwiftWriter) {
        writer.documentation(service.documentation.lines.isEmpty
            ? ["The \(service.apiName) \(service.version) API."]
            : service.documentation.lines)
        writer.block("public struct \(service.typeName): Sendable") { writer in
            writer.line("/// Where and what this API is, from its Discovery document.")
            writer.line("public static let descriptor = GoogleServiceDescriptor(")
            writer.line("    name: \(literal(service.apiName)),")
            writer.line("    version: \(literal(service.version)),")
            // The translator checked that rootUrl parses, so the unwrap cannot fail.
            writer.line("    rootURL: URL(string: \(literal(service.rootURL)))!,")
            writer.line("    servicePath: \(literal(service.servicePath)),")
            writer.line("    batchPath: \(service.batchPath.map(literal) ?? "nil")")
            writer.line(")")
            writer.line()
            writer.line("/// The client every resource sends its calls through. Set its `standardParameters`")
            writer.line("/// (e.g. `fields` for partial responses) to apply them to every call of this service value.")
            writer.line("public var client: GoogleServiceClient")
            writer.line()
            writer.line("/// Creates the service.")
            writer.line("/// - Parameters:")
            writer.line("///   - session: The authorized session that sends requests.")
            writer.line("///   - rootURL: Overrides the API's root URL (e.g. a local emulator).")
            writer.block("public init(session: AuthorizedSession, rootURL: URL? = nil)") { writer in
                writer.line("client = GoogleServiceClient(session: session, descriptor: Self.descriptor, rootURL: rootURL)")
            }
            renderResourceMembers(service.root, includingChildTypes: false, into: &writer)
            writer.line()
            writer.line("/// OAuth 2.0 scopes of this API.")
            writer.block("public enum \(service.scopeTypeName)") { writer in
                for scope in service.scopes {
                    writer.line("public static let \(SwiftNaming.escaped(scope.name)) = \(literal(scope.url))")
                }
            }
        }
    }

    /// A Swift string literal (escaped; Discovery strings are arbitrary text).
    func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
