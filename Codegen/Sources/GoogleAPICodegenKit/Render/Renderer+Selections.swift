// MARK: - Field selections

/// The typed field masks: for every schema struct, one static member per property in an
/// extension of the runtime's `GoogleFieldSelection` constrained to the struct, so
/// `fields: [.nextPageToken, .files([.id, .owners([.emailAddress])])]` is checked by the
/// compiler and carries the wire names.
///
/// Why this shape: constrained extensions of one generic runtime type add no type per schema
/// (no metadata, conformances or witness tables to build), and each member is one
/// `@_alwaysEmitIntoClient` line the generated module only type-checks, so the selectors cost
/// the module's build little; an app compiles only the members it writes. Only schemas a
/// response reaches (a method's response type and, transitively, the structs its members hold)
/// get them: a mask selects from a response, so a request-only schema's would never be used.
extension Renderer {
    /// The selection members of `declaration` and its nested structs, each struct in its own
    /// extension (at file scope, where the type's own names are not in scope: every schema type
    /// is written qualified).
    func renderSelections(
        _ declaration: SwiftTypeDeclaration, serviceTypeName: String, declaredTypes: Set<String>, selectable: Set<String>,
        into writer: inout SwiftWriter
    ) {
        guard case .structure(let structure) = declaration else { return }
        renderSelections(structure, scope: [serviceTypeName], declaredTypes: declaredTypes, selectable: selectable, into: &writer)
    }

    private func renderSelections(
        _ structure: SwiftStruct, scope: [String], declaredTypes: Set<String>, selectable: Set<String>, into writer: inout SwiftWriter
    ) {
        let path = scope + [structure.name]
        let qualified = path.joined(separator: ".")
        if !structure.properties.isEmpty, selectable.contains(qualified) {
            writer.line()
            writer.documentation(["The members of ``\(qualified)`` a field mask selects."])
            writer.block("extension GoogleAPIRuntime.GoogleFieldSelection where Schema == \(qualified)") { writer in
                for property in structure.properties {
                    renderSelection(property, path: path, declaredTypes: declaredTypes, into: &writer)
                }
            }
        }
        for case .structure(let nested) in structure.nestedTypes {
            renderSelections(nested, scope: path, declaredTypes: declaredTypes, selectable: selectable, into: &writer)
        }
    }

    private func renderSelection(_ property: SwiftProperty, path: [String], declaredTypes: Set<String>, into writer: inout SwiftWriter) {
        let name = SwiftNaming.escaped(property.name)
        let wire = literal(property.wireName)
        writer.selectionMember("public static var \(name): Self", body: "Self(_member: \(wire))")
        // Unqualified: inside an extension of `GoogleFieldSelection` the name is that type.
        switch Self.selectable(property.type, path: path, declaredTypes: declaredTypes) {
        case .whole:
            break
        case .object(let member):
            writer.selectionMember(
                "public static func \(name)(", ["_ members: [GoogleFieldSelection<\(member)>]"], ") -> Self",
                body: "Self(_member: \(wire), members)")
        case .map(let member):
            guard let member else {
                writer.selectionMember(
                    "public static func \(name)(", ["key: Swift.String"], ") -> Self", body: "Self(_member: \(wire), key: key)")
                return
            }
            writer.selectionMember(
                "public static func \(name)(", ["key: Swift.String", "_ members: [GoogleFieldSelection<\(member)>] = []"], ") -> Self",
                body: "Self(_member: \(wire), key: key, members)")
        }
    }

    /// The qualified names of the structs a response reaches: each method's response type and,
    /// transitively, the structs its members (arrays and map values included) hold.
    static func responseReachable(_ service: SwiftService) -> Set<String> {
        let scope = [service.typeName]
        var structs: [String: (SwiftStruct, [String])] = [:]
        func collect(_ declarations: [SwiftTypeDeclaration], path: [String]) {
            for case .structure(let structure) in declarations {
                let own = path + [structure.name]
                structs[own.joined(separator: ".")] = (structure, own)
                collect(structure.nestedTypes, path: own)
            }
        }
        collect(service.schemas, path: scope)
        let declared = Set(structs.keys)
        var pending = allMethods(service.root).compactMap(\.responseType).compactMap {
            resolve($0, path: scope, declaredTypes: declared)
        }
        var reached: Set<String> = []
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let entry = structs[name] else { continue }
            let (structure, path) = entry
            for property in structure.properties {
                switch selectable(property.type, path: path, declaredTypes: declared) {
                case .object(let member), .map(.some(let member)): pending.append(member)
                case .whole, .map(nil): break
                }
            }
        }
        return reached
    }

    /// Every method of `resource` and its sub-resources.
    static func allMethods(_ resource: SwiftResource) -> [SwiftMethod] {
        resource.methods + resource.children.flatMap(allMethods)
    }

    /// What can be selected inside a property of `type`.
    private enum Selectable {
        /// Only the member as a whole (a scalar, an enum, an alias).
        case whole
        /// Members of the struct (qualified name) the property holds, or holds arrays of.
        case object(String)
        /// One entry of a map, and members inside it when its values are structs.
        case map(String?)
    }

    private static func selectable(_ type: SwiftTypeRef, path: [String], declaredTypes: Set<String>) -> Selectable {
        switch type {
        case .named(let name):
            return resolve(name, path: path, declaredTypes: declaredTypes).map(Selectable.object) ?? .whole
        case .array(let element):
            return selectable(element, path: path, declaredTypes: declaredTypes)
        case .dictionary(let value):
            if case .object(let member) = selectable(value, path: path, declaredTypes: declaredTypes) { return .map(member) }
            return .map(nil)
        }
    }

    /// The qualified name of the schema struct `name` means inside the struct at `path`, as
    /// Swift looks it up: the struct's own nested types, then each enclosing type's.
    private static func resolve(_ name: String, path: [String], declaredTypes: Set<String>) -> String? {
        guard !name.contains(".") || name.hasPrefix(path[0] + ".") else { return nil }
        if name.contains(".") { return declaredTypes.contains(name) ? name : nil }
        for length in stride(from: path.count, through: 1, by: -1) {
            let candidate = (path[..<length] + [name]).joined(separator: ".")
            if declaredTypes.contains(candidate) { return candidate }
        }
        return nil
    }

    /// The qualified names of every struct among `declarations` and their nested types.
    static func structNames(_ declarations: [SwiftTypeDeclaration], scope: String) -> Set<String> {
        var names: Set<String> = []
        for case .structure(let structure) in declarations {
            let qualified = scope + "." + structure.name
            names.insert(qualified)
            names.formUnion(structNames(structure.nestedTypes, scope: qualified))
        }
        return names
    }
}
