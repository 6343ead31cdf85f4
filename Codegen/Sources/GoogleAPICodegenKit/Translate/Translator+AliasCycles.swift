// MARK: - Alias cycles

extension Translator {
    /// Schemas that are not objects or enums become type aliases (`typealias Tags = [Tag]`).
    /// Aliases that refer to each other — `A` is `{"$ref": "B"}` and `B` is `{"$ref": "A"}`, or
    /// `A` is an array of `A` — name no type at all (Swift: "type alias references itself"), so
    /// such a document is rejected here with the cycle spelled out.
    /// - Throws: `TranslationError` at `schemas.<first key of the cycle>`.
    func checkAliasCycles() throws(TranslationError) {
        let schemas = document.schemas ?? [:]
        func isAlias(_ schema: DiscoverySchema) -> Bool {
            let isStruct = schema.properties != nil || (schema.type == "object" && schema.additionalProperties == nil && schema.ref == nil)
            let isEnum = schema.enum != nil && schema.ref == nil && schema.type == "string"
            return !isStruct && !isEnum
        }
        /// The schema keys an alias's type spells out: its `$ref`, or those of its items or
        /// map values (an inline object there is a nested type and stops the chain).
        func references(_ schema: DiscoverySchema) -> [String] {
            if let ref = schema.ref { return [ref] }
            if schema.properties != nil { return [] }
            return [schema.items, schema.additionalProperties].compactMap { $0 }.flatMap(references)
        }
        let aliases = schemas.filter { isAlias($0.value) }
        // 0 unvisited, 1 on the current path, 2 done.
        var state: [String: Int] = [:]
        for start in aliases.keys.sorted() where state[start] == nil {
            var path: [String] = [start]
            var pending: [[String]] = [references(aliases[start]!).filter { aliases[$0] != nil }.sorted()]
            state[start] = 1
            while !path.isEmpty {
                guard let next = pending[pending.count - 1].popLast() else {
                    state[path.removeLast()] = 2
                    pending.removeLast()
                    continue
                }
                switch state[next] {
                case 1?:
                    let cycle = path[path.firstIndex(of: next)!...] + [next]
                    throw TranslationError(
                        path: "schemas.\(cycle.first!)",
                        message:
                            "the schemas \(cycle.joined(separator: " → ")) are only references to each other (a $ref cycle without an object): they describe no type"
                    )
                case 2?: continue
                default:
                    state[next] = 1
                    path.append(next)
                    pending.append(references(aliases[next]!).filter { aliases[$0] != nil }.sorted())
                }
            }
        }
    }
}
