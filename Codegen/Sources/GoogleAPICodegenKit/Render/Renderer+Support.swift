// MARK: - Support

extension Renderer {
    /// Module-internal helpers the generated code uses: when a schema is recursive, the box
    /// that stores a value out of line (the file is empty otherwise; build plugins declare it
    /// before they know).
    func renderSupport(_ service: SwiftService, into writer: inout SwiftWriter) {
        guard service.usesIndirectBox else { return }
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
