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

    /// A Codable struct: optional properties, memberwise init, the fast decoder (which also
    /// serves `Decodable`, through the runtime's default `init(from:)`), `encode(to:)`, then
    /// nested types. One decoding path per model: a second, Codable one doubled the code the
    /// compiler had to build for every schema. `GoogleJSONModel` is `Codable`, `Sendable` and
    /// `Equatable`: `==` compares what `encode(to:)` writes, member by member, so nothing is
    /// generated for it.
    func renderStruct(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.documentation(structure.documentation.lines)
        writer.block("public struct \(structure.name): GoogleJSON.GoogleJSONModel") { writer in
            if structure.properties.isEmpty {
                writer.line("/// Creates an empty value.")
                writer.line("public init() {}")
                writer.line()
                writer.line("@_spi(Generated) public init(googleJSONEmpty: Swift.Void) {}")
                writer.line()
                writer.line(
                    "@_spi(Generated) public mutating func googleJSONDecodeMembers(_ json: GoogleAPIRuntime.GoogleJSONValueRef) throws {}")
            } else {
                renderStoredProperties(structure, into: &writer)
                renderMemberwiseInit(structure, into: &writer)
                renderFastDecoding(structure, into: &writer)
                renderEncoding(structure, into: &writer)
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
                // Usable from inline: the memberwise initializer, emitted into the caller,
                // stores here.
                writer.line("@usableFromInline internal var _\(property.name): \(property.type.text)?")
            } else {
                writer.line("public var \(name): \(property.type.text)?")
            }
        }
        // Explicit nulls, per member: written by `encode(to:)`, filled by the decoder only when
        // the object has a null member (a check after its member loop otherwise).
        writer.line("/// Members sent, or received, as `null` rather than left out (`GoogleNullMembers`).")
        writer.line("public var nullMembers: GoogleAPIRuntime.GoogleNullMembers<\(structure.name)> = .init()")
    }

    /// Where generated code stores a property: its private storage when it is boxed or
    /// deprecated, else the property itself.
    private func storage(_ property: SwiftProperty) -> String {
        property.isBoxed || property.documentation.isDeprecated ? "self._\(property.name)" : "self.\(SwiftNaming.escaped(property.name))"
    }

    private func renderMemberwiseInit(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.line()
        writer.line("/// Creates a value; every property is optional.")
        // Built where it is called (an app calls a few of these), not in the generated module
        // with its hundreds of types. Boxed members' box is internal, so their types keep an
        // ordinary initializer.
        if !structure.properties.contains(where: \.isBoxed) {
            writer.line("@_alwaysEmitIntoClient")
        }
        let parameters = structure.properties.map { "\(SwiftNaming.escaped($0.name)): \($0.type.text)? = nil" }
        writer.wrappedBlock("public init(", parameters, ")") { writer in
            for property in structure.properties {
                let name = SwiftNaming.escaped(property.name)
                writer.line("\(storage(property)) = \(name)\(property.isBoxed ? ".map(IndirectBox.init)" : "")")
            }
        }
    }

    /// `encode(to:)`: each present member under its wire name (by its position in the key
    /// table the decoder uses), formats through their wire type, one runtime call per member
    /// (`GoogleJSONMemberWriter`, nothing inlined: specialized `encodeIfPresent` calls were a
    /// large share of a generated module's optimized code). The calls don't throw (the writer
    /// keeps the first error for `finish()`), so no member carries an error path.
    ///
    /// Not optimized (`@_optimize(none)`): the body is only those calls into the runtime's
    /// generic writer, which optimizing cannot inline or specialize, and a request body is encoded
    /// once per call; optimizing them anyway was 3 % of GoogleYouTube's release build (measured:
    /// 60.3 → 58.2 s of CPU). The writer itself is optimized, in the runtime.
    private func renderEncoding(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        writer.line()
        writer.block("@_optimize(none) public func encode(to encoder: any Swift.Encoder) throws") { writer in
            writer.line(
                "var members = GoogleJSON.GoogleJSONMemberWriter(encoder, keys: Self.googleJSONKeyTable, nulls: self.nullMembers.wireNames)"
            )
            for (position, property) in structure.properties.enumerated() {
                let value = property.isBoxed ? "self._\(property.name)?.value" : storage(property)
                let wire = property.coding == .plain ? [] : ["as: \(wireType(property.coding)).self"]
                writer.wrappedList("members.write(", [value] + wire + ["\(position)"], ")")
            }
            writer.line("try members.finish()")
        }
    }

    /// The decoder: members are matched by their position in a key table and null members
    /// skipped (absent optionals). The struct provides an empty value and the member decoding
    /// (`GoogleJSONObjectDecodable`, whose extension builds both decoding initializers from
    /// them, the array one straight into the array's slot).
    private func renderFastDecoding(_ structure: SwiftStruct, into writer: inout SwiftWriter) {
        let groups = stride(from: 0, to: structure.properties.count, by: Self.membersPerDecodingGroup).map {
            structure.properties[$0..<min($0 + Self.membersPerDecodingGroup, structure.properties.count)]
        }
        writer.line()
        writer.wrappedList(
            "private static let googleJSONKeyTable = GoogleAPIRuntime.GoogleJSONKeyTable([",
            structure.properties.map { literal($0.wireName) }, "])")
        writer.line("@_spi(Generated) public init(googleJSONEmpty: Swift.Void) {}")
        writer.line()
        // Not inlined into its two callers: optimized once, it is half the code to build.
        writer.line("@_spi(Generated) @inline(never)")
        writer.block("public mutating func googleJSONDecodeMembers(_ json: GoogleAPIRuntime.GoogleJSONValueRef) throws") { writer in
            writer.line("var members = try json.members(Self.googleJSONKeyTable)")
            // `nextKey()` and `json[members]`, not `next()`'s (key, value) pair: a value handed
            // out by the changing iterator holds the document, which cost a retain and a
            // release per member; one made from the borrowed `json` needs neither.
            writer.block("while let key = try members.nextKey()") { writer in
                if groups.count == 1 {
                    renderMemberSwitch(structure.properties[...], from: 0, into: &writer)
                    return
                }
                writer.line("switch key / \(Self.membersPerDecodingGroup) {")
                for index in groups.indices {
                    writer.line("case \(index): try decodeGoogleJSONMembers\(index)(key, json, &members)")
                }
                writer.line("default: break")
                writer.line("}")
            }
            writer.line("members.decodeNulls(into: &self.nullMembers)")
        }
        guard groups.count > 1 else { return }
        for (index, group) in groups.enumerated() {
            writer.line()
            writer.line("@inline(never)")
            writer.wrappedBlock(
                "private mutating func decodeGoogleJSONMembers\(index)(",
                [
                    "_ key: Swift.Int", "_ json: GoogleAPIRuntime.GoogleJSONValueRef",
                    "_ members: inout GoogleAPIRuntime.GoogleJSONMembers",
                ], ") throws"
            ) { writer in
                renderMemberSwitch(group, from: index * Self.membersPerDecodingGroup, into: &writer)
            }
        }
    }

    /// Members a single decoding `switch` handles. The optimizer's work on one grows with the
    /// square of its cases (a 100-member type took 2.7 s of a release build, ten times as much
    /// as ten 10-member types), so larger types switch over groups of this many, each in a
    /// method of its own.
    static let membersPerDecodingGroup = 16

    /// `switch key { case 0: self.a = try value.decode(…) … }` for `properties`, numbered from
    /// `first`.
    private func renderMemberSwitch(_ properties: ArraySlice<SwiftProperty>, from first: Int, into writer: inout SwiftWriter) {
        let value = "json[members]"
        writer.line("switch key {")
        for (offset, property) in properties.enumerated() {
            // One explicitly typed call per member, however deeply its arrays and
            // maps nest: type-checking stays linear in the length of the code. Scalars are
            // decoded by the member iterator straight into their storage (a call and nothing
            // else per member); the rest through the value's generic `decode`, specialized
            // here so arrays of structs are built in place.
            let assignment: String
            if let scalar = scalarDecoder(property), !property.isBoxed {
                assignment = "try members.\(scalar)(into: &\(storage(property)), of: json)"
            } else {
                let decoded =
                    property.coding == .plain
                    ? "try \(value).decode(\(property.type.text).self)"
                    : "try \(value).decode(\(wireType(property.coding)).self).value"
                assignment =
                    property.isBoxed
                    ? "self._\(property.name) = IndirectBox(\(decoded))"
                    : "\(storage(property)) = \(decoded)"
            }
            writer.line("case \(first + offset): \(assignment)")
        }
        writer.line("default: break")
        writer.line("}")
    }

    /// The `GoogleJSONMembers` method that decodes `property` into its storage, for scalar
    /// members; `nil` for the others. Not booleans: their decoding is a few inlined
    /// instructions, cheaper than the call (Drive's `capabilities` has dozens).
    private func scalarDecoder(_ property: SwiftProperty) -> String? {
        switch property.coding {
        case .int64: return "decodeGoogleInt64"
        case .uint64: return "decodeGoogleUInt64"
        case .date: return "decodeGoogleDate"
        case .bytes: return "decodeGoogleBytes"
        case .array, .map: return nil
        case .plain:
            switch property.type {
            case .named("Swift.String"): return "decodeString"
            case .named("Swift.Int32"): return "decodeInt32"
            case .named("Swift.UInt32"): return "decodeUInt32"
            case .named("Swift.Double"): return "decodeDouble"
            case .named("Swift.Float"): return "decodeFloat"
            default: return nil
            }
        }
    }

    // MARK: - Wire types

    /// The runtime type that carries a formatted member on the wire, spelled out in full:
    /// `[[Int64]]` in int64 format is `GoogleJSONArrayOf<GoogleJSONArrayOf<GoogleInt64>>`.
    private func wireType(_ coding: CodingStrategy) -> String {
        switch coding {
        case .plain: "GoogleAPIRuntime.JSONValue"  // Not reached: plain members use their own type.
        case .int64: "GoogleAPIRuntime.GoogleInt64"
        case .uint64: "GoogleAPIRuntime.GoogleUInt64"
        case .date: "GoogleAPIRuntime.GoogleDate"
        case .bytes: "GoogleAPIRuntime.GoogleBytes"
        case .array(let inner): "GoogleAPIRuntime.GoogleJSONArrayOf<\(wireType(inner))>"
        case .map(let inner): "GoogleAPIRuntime.GoogleJSONMapOf<\(wireType(inner))>"
        }
    }

    /// `extension Drive.FileList: PageableResponse`.
    /// An extension of a nested type does not see its outer type's members, so schema names
    /// (`topLevelNames`) are qualified with the service type there.
    func renderPageable(
        _ conformance: SwiftPageableConformance, serviceTypeName: String, topLevelNames: Set<String>, into writer: inout SwiftWriter
    ) {
        func qualified(_ type: SwiftTypeRef) -> SwiftTypeRef {
            switch type {
            case .named(let name): topLevelNames.contains(name) ? .named("\(serviceTypeName).\(name)") : type
            case .array(let element): .array(qualified(element))
            case .dictionary(let value): .dictionary(qualified(value))
            }
        }
        writer.block("extension \(serviceTypeName).\(conformance.pageType): GoogleAPIRuntime.PageableResponse") { writer in
            writer.documentation(["The items of this page (`\(conformance.itemsProperty)`), empty when absent."])
            writer.line(
                "public var pageItems: \(SwiftTypeRef.array(qualified(conformance.itemType)).text) { \(conformance.itemsAccessor) ?? [] }")
        }
    }
}
