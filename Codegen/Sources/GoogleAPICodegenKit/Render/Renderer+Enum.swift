// MARK: - Enums

extension Renderer {
    /// An open enum: known cases plus `unrecognized(String)`, so decoding never fails on a
    /// value added to the API later, and the raw string round-trips unchanged. The enum holds
    /// its cases and their wire values; `GoogleAPIEnum`'s extension provides decoding (and so
    /// `Decodable`), encoding, `==`, hashing and the query parameter form from them.
    func renderEnum(_ enumeration: SwiftEnum, into writer: inout SwiftWriter) {
        let unknown = enumeration.unknownCase
        writer.documentation(enumeration.documentation.lines)
        writer.block("public enum \(enumeration.name): GoogleAPIRuntime.GoogleAPIEnum") { writer in
            for enumCase in enumeration.cases {
                writer.documentation(enumCase.documentation.lines)
                writer.line("case \(SwiftNaming.escaped(enumCase.name))")
            }
            writer.line("/// A value this version of the SDK does not know, kept verbatim.")
            writer.line("case \(unknown)(Swift.String)")
            writer.line()
            if !enumeration.cases.isEmpty {
                // An integer `switch` over the runtime's hash table of wire values: a `switch`
                // over strings compiles to a chain of inlined string comparisons.
                writer.wrappedList(
                    "private static let googleJSONCases = GoogleAPIRuntime.GoogleJSONKeyTable([",
                    enumeration.cases.map { literal($0.rawValue) }, "])")
                writer.line()
            }
            writer.documentation(["Creates the case for a wire value; unknown values become `.\(unknown)`."])
            writer.block("public init(rawValue: Swift.String)") { writer in
                if enumeration.cases.isEmpty {
                    writer.line("self = .\(unknown)(rawValue)")
                    return
                }
                writer.line("switch Self.googleJSONCases.position(of: rawValue) {")
                for (position, enumCase) in enumeration.cases.enumerated() {
                    writer.line("case \(position): self = .\(SwiftNaming.escaped(enumCase.name))")
                }
                writer.line("default: self = .\(unknown)(rawValue)")
                writer.line("}")
            }
            writer.line()
            writer.line("/// The wire value.")
            // Not inlined into `==`, `hash(into:)` (`GoogleStringEnum`'s), `encode(to:)`: a string
            // per case each time.
            writer.block("public var rawValue: Swift.String") { writer in
                writer.block("@inline(never) get") { writer in
                    writer.line("switch self {")
                    for enumCase in enumeration.cases {
                        writer.line("case .\(SwiftNaming.escaped(enumCase.name)): \(literal(enumCase.rawValue))")
                    }
                    writer.line("case .\(unknown)(let value): value")
                    writer.line("}")
                }
            }
        }
    }
}
