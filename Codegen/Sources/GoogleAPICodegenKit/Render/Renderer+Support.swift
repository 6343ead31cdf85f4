// MARK: - Support

extension Renderer {
    /// Module-internal helpers the generated code uses: the enum raw-value reader and, when a
    /// schema is recursive, the box that stores a value out of line.
    func renderSupport(_ service: SwiftService, into writer: inout SwiftWriter) {
        writer.line("/// Reads an enum's wire value; never fails on a scalar of another JSON type.")
        writer.block("enum GeneratedEnumDecoding") { writer in
            writer.block("static func rawValue(from decoder: any Swift.Decoder) throws -> Swift.String") { writer in
                writer.line("let container = try decoder.singleValueContainer()")
                writer.line("if let text = try? container.decode(Swift.String.self) { return text }")
                writer.line("if let flag = try? container.decode(Swift.Bool.self) { return Swift.String(flag) }")
                writer.line("if let number = try? container.decode(Swift.Int64.self) { return Swift.String(number) }")
                writer.line("if let number = try? container.decode(Swift.Double.self) { return Swift.String(number) }")
                writer.line("return try container.decode(Swift.String.self)")
            }
        }
        guard service.usesIndirectBox else { return }
        writer.line()
        writer.line("/// Stores a value out of line so a struct can (indirectly) contain itself.")
        writer.block("final class IndirectBox<Value: Swift.Sendable & Swift.Equatable>: Swift.Sendable, Swift.Equatable") { writer in
            writer.line("let value: Value")
            writer.line()
            writer.block("init(_ value: Value)") { $0.line("self.value = value") }
            writer.line()
            writer.block("static func == (lhs: IndirectBox, rhs: IndirectBox) -> Swift.Bool") { $0.line("lhs.value == rhs.value") }
        }
    }
}
