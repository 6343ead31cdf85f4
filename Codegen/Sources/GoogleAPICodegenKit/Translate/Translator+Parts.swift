// MARK: - YouTube parts

extension Translator {
    /// The schema whose top-level members a method's `part` parameter names (YouTube's
    /// top-level mask): the request body's, else the items' of a list response, else the
    /// response's. `nil` when the parameter is not a repeated free string or no such schema
    /// struct exists, and the parameter stays `[String]`.
    /// - Returns: The schema's top-level Swift name.
    func partSchema(of method: DiscoveryMethod, parameter: DiscoveryParameter) -> String? {
        guard parameter.type == "string", parameter.repeated == true, parameter.enum == nil, parameter.format == nil else { return nil }
        func structKey(_ key: String?) -> String? {
            guard let key, document.schemas?[key]?.properties?.isEmpty == false, schemaNames[key] != nil else { return nil }
            return key
        }
        if let request = structKey(method.request?.ref) { return schemaNames[request] }
        guard let response = structKey(method.response?.ref) else { return nil }
        if let items = document.schemas?[response]?.properties?["items"], items.type == "array",
            let element = structKey(items.items?.ref)
        {
            return schemaNames[element]
        }
        return schemaNames[response]
    }
}
