// MARK: - Schema structs

extension Renderer {
    /// Any schema-level declaration.
    func renderDeclaration(_ declaration: SwiftTypeDeclaration, into writer: inout SwiftWriter) {
        switch declaration {
        case .structure(let structure): renderStruct(structure, into: &writer)
        case .enumeration(let enumeration): renderEnum(enumeration, into: &writer)
        case .alias(let alias):
            writer.documentation(alias.documentation.lines)
            writer.line("public typealias \(alias.name) = \(alias.target.text)")
        }
    }

    /// A Codable struct: optional properties, memberwise init, explicit CodingKeys and
    /// hand-written `init(from:)`/`encode(to:)` (keyed lookups only, formats via the runtime's
    /// container helpers), then nested types.
    func renderStruct(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.documentation(structure.documentation.lines)
        writer.block("public struct \(structure.name): Swift.Codable, Swift.Sendable, Swift.Equatable, GoogleAPIRuntime.GoogleJSONFastDecodable") { writer in
            if structure.properties.isEmpty {
                writer.line("/// Creates an empty value.")
                writer.line("public init() {}")
                writer.line()
                writer.line("public init(googleJSON json: GoogleAPIRuntime.GoogleJSONValueRef) throws {}")
            } else {
                renderStoredProperties(structure, into: &writer)
                renderMemberwiseInit(structure, into: &writer)
                renderCoding(structure, into: &writer)
                renderFastDecoding(structure, into: &writer)
            }
            for nested in structure.nestedTypes {
                writer.line()
                renderDeclaration(nested, into: &writer)
            }
        }
    }

    private func renderStoredProperties(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        for property in structure.properties {
            let name = SwiftNaming.escaped(property.name)
            writer.documentation(property.documentation.lines)
            if property.documentation.isDeprecated {
                writer.line("@available(*, deprecated, message: \"Deprecated by the API.\")")
            }
            if property.isBoxed {
                // Boxed to break a storage cycle; the box is invisible to callers.
                writer.block("public var \(name): \(property.type.text)?") { writer in
                    writer.line("get { _\(property.name)?.value }")
                    writer.line("set { _\(property.name) = newValue.map(IndirectBox.init) }")
                }
                writer.line("private var _\(property.name): IndirectBox<\(property.type.text)>?")
            } else if property.documentation.isDeprecated {
                // The generated init and coding code use the storage, so they raise no warnings.
                writer.block("public var \(name): \(property.type.text)?") { writer in
                    writer.line("get { _\(property.name) }")
                    writer.line("set { _\(property.name) = newValue }")
                }
                writer.line("private var _\(property.name): \(property.type.text)?")
            } else {
                writer.line("public var \(name): \(property.type.text)?")
            }
        }
    }

    /// Where generated code stores a property: its private storage when it is boxed or
    /// deprecated, else the property itself.
    private func storage(_ property: SwiftProperty) -> String {
        property.isBoxed || property.documentation.isDeprecated ? "self._\(property.name)" : "self.\(SwiftNaming.escaped(property.name))"
    }

    private func renderMemberwiseInit(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.line()
        writer.line("/// Creates a value; every property is optional.")
        let parameters = structure.properties.map { "\(SwiftNaming.escaped($0.name)): \($0.type.text)? = nil" }
        writer.block("public init(\(parameters.joined(separator: ", ")))") { writer in
            for property in structure.properties {
                let name = SwiftNaming.escaped(property.name)
                writer.line("\(storage(property)) = \(name)\(property.isBoxed ? ".map(IndirectBox.init)" : "")")
            }
        }
    }

    private func renderCoding(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.line()
        writer.block("enum CodingKeys: Swift.String, Swift.CodingKey") { writer in
            for property in structure.properties {
                let name = SwiftNaming.escaped(property.name)
                writer.line(property.name == property.wireName ? "case \(name)" : "case \(name) = \(literal(property.wireName))")
            }
        }
        writer.line()
        // Only the keys present are visited: Google objects carry few of their many optional
        // fields, and the decoder finds each present key in document order in one step.
        writer.block("public init(from decoder: any Swift.Decoder) throws") { writer in
            writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            writer.block("for key in container.allKeys") { writer in
                writer.line("switch key {")
                for property in structure.properties {
                    let key = ".\(SwiftNaming.escaped(property.name))"
                    let target = storage(property)
                    let suffix = property.isBoxed ? ".map(IndirectBox.init)" : ""
                    writer.line("case \(key): \(target) = \(decodeExpression(property, key: key))\(suffix)")
                }
                writer.line("}")
            }
        }
        writer.line()
        writer.block("public func encode(to encoder: any Swift.Encoder) throws") { writer in
            writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for property in structure.properties {
                let key = ".\(SwiftNaming.escaped(property.name))"
                let value = property.isBoxed ? "self._\(property.name)?.value" : storage(property)
                writer.line(encodeStatement(property, value: value, key: key))
            }
        }
    }

    /// The non-Codable twin of `init(from:)` (same keys, formats and boxing): members are
    /// matched by their position in a key table and null members skipped, like `decodeIfPresent`.
    /// The members are stored by a `mutating` method that `googleJSONInitialize(_:from:)` runs
    /// on the array slot itself: any initializer returning the (for Drive's `File`, 1.4 KB)
    /// struct got it built in a temporary, copied (retaining every member), destroyed and
    /// moved again, which cost more than matching and decoding all of its members.
    private func renderFastDecoding(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.line()
        let keys = structure.properties.map { literal($0.wireName) }.joined(separator: ", ")
        writer.line("private static let googleJSONKeyTable = GoogleAPIRuntime.GoogleJSONKeyTable([\(keys)])")
        writer.line()
        writer.block("public init(googleJSON json: GoogleAPIRuntime.GoogleJSONValueRef) throws") { writer in
            writer.line("try decodeGoogleJSONMembers(json)")
        }
        writer.line()
        // Every property starts as nil. Not the memberwise `init()`: with its many (nil)
        // parameters it was compiled to a copy of the whole struct.
        writer.line("private init(googleJSONEmpty: Swift.Void) {}")
        writer.line()
        writer.block("public static func googleJSONInitialize(_ target: Swift.UnsafeMutablePointer<Self>, from json: GoogleAPIRuntime.GoogleJSONValueRef) throws") { writer in
            writer.line("target.initialize(to: Self(googleJSONEmpty: ()))")
            writer.block("do { try target.pointee.decodeGoogleJSONMembers(json) } catch") { writer in
                writer.line("target.deinitialize(count: 1)")
                writer.line("throw error")
            }
        }
        writer.line()
        writer.block("private mutating func decodeGoogleJSONMembers(_ json: GoogleAPIRuntime.GoogleJSONValueRef) throws") { writer in
            writer.line("var members = try json.members(Self.googleJSONKeyTable)")
            // `nextKey()` and `json[members]`, not `next()`'s (key, value) pair: a value handed
            // out by the changing iterator holds the document, which cost a retain and a
            // release per member; one made from the borrowed `json` needs neither.
            writer.block("while let key = try members.nextKey()") { writer in
                writer.line("switch key {")
                for (position, property) in structure.properties.enumerated() {
                    let wire = wireType(property.type, property.coding)
                    let decoded = fromWire(property.coding, "try json[members].decode(\(wire).self)")
                    let assignment = property.isBoxed
                        ? "self._\(property.name) = IndirectBox(\(decoded))"
                        : "\(storage(property)) = \(decoded)"
                    writer.line("case \(position): \(assignment)")
                }
                writer.line("default: break")
                writer.line("}")
            }
        }
    }

    // MARK: - Coding expressions

    private func decodeExpression(_ property: SwiftProperty, key: String) -> String {
        switch property.coding {
        case .plain: return "try container.decodeIfPresent(\(property.type.text).self, forKey: \(key))"
        case .int64: return "try container.decodeGoogleInt64IfPresent(forKey: \(key))"
        case .uint64: return "try container.decodeGoogleUInt64IfPresent(forKey: \(key))"
        case .date: return "try container.decodeGoogleDateIfPresent(forKey: \(key))"
        case .bytes: return "try container.decodeGoogleBytesIfPresent(forKey: \(key))"
        case .array, .map:
            let wire = wireType(property.type, property.coding)
            return "try container.decodeIfPresent(\(wire).self, forKey: \(key)).map { \(fromWire(property.coding, "$0")) }"
        }
    }

    private func encodeStatement(_ property: SwiftProperty, value: String, key: String) -> String {
        switch property.coding {
        case .plain: return "try container.encodeIfPresent(\(value), forKey: \(key))"
        case .int64: return "try container.encodeGoogleInt64IfPresent(\(value), forKey: \(key))"
        case .uint64: return "try container.encodeGoogleUInt64IfPresent(\(value), forKey: \(key))"
        case .date: return "try container.encodeGoogleDateIfPresent(\(value), forKey: \(key))"
        case .bytes: return "try container.encodeGoogleBytesIfPresent(\(value), forKey: \(key))"
        case .array, .map:
            return "try container.encodeIfPresent(\(value).map { \(toWire(property.coding, "$0")) }, forKey: \(key))"
        }
    }

    /// The Codable type on the wire: `[GoogleInt64]` for `[Int64]` and so on.
    private func wireType(_ type: SwiftTypeRef, _ coding: CodingStrategy) -> String {
        switch (type, coding) {
        case (_, .int64): "GoogleAPIRuntime.GoogleInt64"
        case (_, .uint64): "GoogleAPIRuntime.GoogleUInt64"
        case (_, .date): "GoogleAPIRuntime.GoogleDate"
        case (_, .bytes): "GoogleAPIRuntime.GoogleBytes"
        case (.array(let element), .array(let inner)): "[\(wireType(element, inner))]"
        case (.dictionary(let value), .map(let inner)): "[Swift.String: \(wireType(value, inner))]"
        default: type.text
        }
    }

    private func fromWire(_ coding: CodingStrategy, _ expression: String) -> String {
        switch coding {
        case .plain: expression
        case .int64, .uint64, .date, .bytes: "\(expression).value"
        case .array(let inner): "\(expression).map { \(fromWire(inner, "$0")) }"
        case .map(let inner): "\(expression).mapValues { \(fromWire(inner, "$0")) }"
        }
    }

    private func toWire(_ coding: CodingStrategy, _ expression: String) -> String {
        switch coding {
        case .plain: expression
        case .int64: "GoogleAPIRuntime.GoogleInt64(\(expression))"
        case .uint64: "GoogleAPIRuntime.GoogleUInt64(\(expression))"
        case .date: "GoogleAPIRuntime.GoogleDate(\(expression))"
        case .bytes: "GoogleAPIRuntime.GoogleBytes(\(expression))"
        case .array(let inner): "\(expression).map { \(toWire(inner, "$0")) }"
        case .map(let inner): "\(expression).mapValues { \(toWire(inner, "$0")) }"
        }
    }

    /// `extension Drive.FileList: PageableResponse`.
    /// An extension of a nested type does not see its outer type's members, so schema names
    /// (`topLevelNames`) are qualified with the service type there.
    func renderPageable(_ conformance: SwiftPageableConformance, serviceTypeName: String, topLevelNames: Set<String>, into writer: inout SwiftWriter) {
        func qualified(_ type: SwiftTypeRef) -> SwiftTypeRef {
            switch type {
            case .named(let name): topLevelNames.contains(name) ? .named("\(serviceTypeName).\(name)") : type
            case .array(let element): .array(qualified(element))
            case .dictionary(let value): .dictionary(qualified(value))
            }
        }
        writer.block("extension \(serviceTypeName).\(conformance.pageType): GoogleAPIRuntime.PageableResponse") { writer in
            writer.documentation(["The items of this page (`\(conformance.itemsProperty)`), empty when absent."])
            writer.line("public var pageItems: \(SwiftTypeRef.array(qualified(conformance.itemType)).text) { \(SwiftNaming.escaped(conformance.itemsProperty)) ?? [] }")
        }
    }
}
