// MARK: - Resources

extension Translator {
    /// Translates a resource: its methods (sorted) then its sub-resources (sorted), each
    /// sub-resource a nested `<Name>Resource` struct exposed as a property.
    /// - Parameters:
    ///   - resource: The resource (the service's own methods/resources for the root).
    ///   - wireName: The resource's key.
    ///   - typeName: The struct's Swift name (already claimed by the parent).
    ///   - propertyName: The parent's property name for it.
    ///   - path: JSON path of the resource.
    ///   - typeScope: This resource's own nested-type names.
    ///   - memberScope: This resource's own member names.
    /// - Throws: `TranslationError` for dangling references.
    func translateResource(
        _ resource: DiscoveryResource, wireName: String, typeName: String, propertyName: String, path: String,
        typeScope: inout NameScope, memberScope: inout NameScope
    ) throws(TranslationError) -> SwiftResource {
        let prefix = path.isEmpty ? "" : "\(path)."
        var methods: [SwiftMethod] = []
        var nestedTypes: [SwiftTypeDeclaration] = []
        for key in (resource.methods ?? [:]).keys.sorted() {
            guard let method = resource.methods?[key] else { continue }
            let (translated, enums) = try translateMethod(
                method, key: key, path: "\(prefix)methods.\(key)",
                typeScope: &typeScope, memberScope: &memberScope
            )
            methods.append(translated)
            nestedTypes += enums
        }

        var children: [SwiftResource] = []
        for key in (resource.resources ?? [:]).keys.sorted() {
            guard let child = resource.resources?[key] else { continue }
            let childType = typeScope.claim(SwiftNaming.typeName(key) + "Resource")
            let childProperty = memberScope.claim(SwiftNaming.memberName(key))
            var childTypes = NameScope(shared: topLevelNames, blocked: [childType])
            var childMembers = NameScope(reserved: ["client"])
            children.append(
                try translateResource(
                    child, wireName: key, typeName: childType, propertyName: childProperty,
                    path: "\(prefix)resources.\(key)", typeScope: &childTypes, memberScope: &childMembers
                ))
        }

        let documentation = Translator.documentation(
            wireName.isEmpty ? nil : "The `\(wireName)` resource.", deprecated: resource.deprecated
        )
        return SwiftResource(
            typeName: typeName, propertyName: propertyName, wireName: wireName,
            documentation: documentation, methods: methods, children: children, nestedTypes: nestedTypes
        )
    }
}
