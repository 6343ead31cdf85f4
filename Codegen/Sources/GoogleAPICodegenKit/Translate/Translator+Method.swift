// MARK: - Methods

extension Translator {
    /// Translates one method: argument list (required in `parameterOrder`, then the body and
    /// media, then optional parameters sorted), call facts, and the variants to emit.
    /// - Parameters:
    ///   - method: The Discovery method.
    ///   - key: Its key in the resource.
    ///   - path: JSON path of the method.
    ///   - typeScope: The resource's nested-type names (parameter enums go there).
    ///   - memberScope: The resource's member names.
    /// - Returns: The method and the parameter enums it introduced.
    /// - Throws: `TranslationError` for dangling request/response references.
    func translateMethod(
        _ method: DiscoveryMethod, key: String, path: String,
        typeScope: inout NameScope, memberScope: inout NameScope
    ) throws(TranslationError) -> (SwiftMethod, [SwiftTypeDeclaration]) {
        let name = memberScope.claim(SwiftNaming.memberName(key))
        let builderName = memberScope.claim("make" + SwiftNaming.typeName(key) + "Call")

        var enums: [SwiftTypeDeclaration] = []
        let requestType = try method.request.map { schema throws(TranslationError) in
            try bodyType(
                schema, suggestedName: SwiftNaming.typeName(key) + "Request", path: "\(path).request", typeScope: &typeScope,
                nestedTypes: &enums)
        }
        let responseType = try method.response.map { schema throws(TranslationError) in
            try bodyType(
                schema, suggestedName: SwiftNaming.typeName(key) + "Response", path: "\(path).response", typeScope: &typeScope,
                nestedTypes: &enums)
        }

        // Argument order: parameterOrder, then any other required ones, then optional sorted.
        let all = method.parameters ?? [:]
        let ordered = (method.parameterOrder ?? []).filter { all[$0] != nil }
        let otherRequired = all.keys.filter { !ordered.contains($0) && all[$0]?.required == true }.sorted()
        let optional = all.keys.filter { !ordered.contains($0) && all[$0]?.required != true }.sorted()

        // `fields`, `options` and `parameters` are arguments of every generated form.
        var argumentScope = NameScope(reserved: ["call", "client", "fields", "options", "parameters"])
        var parameters: [SwiftParameter] = []
        func add(_ wire: String, required: Bool) throws(TranslationError) {
            guard let parameter = all[wire] else { return }
            let location: SwiftParameter.Location = parameter.location == "path" ? .path : .query
            let partsOf = wire == "part" && location == .query ? partSchema(of: method, parameter: parameter) : nil
            parameters.append(
                SwiftParameter(
                    name: argumentScope.claim(SwiftNaming.memberName(wire)),
                    wireName: wire,
                    type: partsOf.map { .named("GoogleAPIRuntime.GoogleResourcePart<\($0)>") }
                        ?? translateParameterType(
                            parameter, suggestedName: SwiftNaming.typeName(key) + SwiftNaming.typeName(wire),
                            typeScope: &typeScope, enums: &enums
                        ),
                    isRepeated: parameter.repeated == true,
                    // Path parameters are always required: the URL cannot be built without them.
                    isRequired: required || location == .path,
                    location: location,
                    documentation: Translator.parameterDocumentation(parameter, location: location),
                    partsOf: partsOf
                ))
        }
        for wire in ordered + otherRequired { try add(wire, required: true) }
        let body = requestType.map { (name: argumentScope.claim("body"), type: $0) }
        let uploadPath = method.mediaUpload?.protocols?.simple?.path ?? method.mediaUpload?.protocols?.resumable?.path
        let upload = uploadPath.map { (argumentName: argumentScope.claim("media"), path: $0) }
        let supportsDownload = method.supportsMediaDownload == true
        let download =
            supportsDownload
            ? SwiftDownload(
                fileVariantName: memberScope.claim(name + "Media"),
                streamVariantName: memberScope.claim(name + "MediaStream"),
                destinationArgument: argumentScope.claim("destination"),
                progressArgument: argumentScope.claim("progress"),
                addsAltMedia: responseType != nil
            )
            : nil
        for wire in optional { try add(wire, required: false) }
        // Claimed after the parameter enums (`ListOrderBy`), which keep their names.
        let parametersTypeName = parameters.isEmpty ? nil : typeScope.claim(SwiftNaming.typeName(key) + "Parameters")

        let isPageable =
            method.response?.ref.map { pageItemProperties[$0] != nil } ?? false
            && all["pageToken"]?.location == "query"
        let emitsPlainVariant = responseType != nil || !supportsDownload
        let serverStream =
            Self.isServerStreaming(key: key, method: method) && responseType != nil
            ? SwiftServerStream(
                resumesWithPageToken: all["pageToken"]?.location == "query"
                    && method.response?.ref.flatMap {
                        document.schemas?[$0]?.properties?["nextPageToken"]?.type
                    } == "string")
            : nil
        // `list` returns one page, `listPages` the sequence: one name, one meaning. A stream's
        // page token resumes the stream; it has no pages to follow.
        let pagesName = isPageable && responseType != nil && serverStream == nil ? memberScope.claim(name + "Pages") : nil
        // The typed call value (`getCall(...)`) that batches and `client.execute` accept; a
        // stream's response never completes, so it has none.
        let typedCallName = emitsPlainVariant && serverStream == nil ? memberScope.claim(name + "Call") : nil

        // Claimed last, and only with a cost table: documents without one generate as before.
        let quotaCost = method.id.flatMap { id in quotaCosts[id].map { (id, $0) } }.map { id, entry in
            SwiftQuotaCost(
                method: id, path: (document.servicePath ?? "") + method.path,
                units: entry.units, source: entry.source, memberName: memberScope.claim(name + "QuotaCost"))
        }
        var translated = SwiftMethod(
            name: name,
            builderName: builderName,
            parametersTypeName: parametersTypeName,
            documentation: Translator.methodDocumentation(method),
            httpMethod: method.httpMethod.uppercased(),
            path: method.path,
            scopes: (method.scopes ?? []).sorted(),
            parameters: parameters,
            body: body,
            responseType: responseType,
            pagesName: pagesName,
            upload: upload,
            download: download,
            typedCallName: typedCallName,
            emitsPlainVariant: emitsPlainVariant,
            serverStream: serverStream
        )
        translated.quotaCost = quotaCost
        translated.methodID = method.id
        // The static list of declared query parameters the builder passes to each call.
        if parameters.contains(where: { $0.location == .query }) {
            translated.queryNamesMember = memberScope.claim(name + "QueryNames")
        }
        return (translated, enums)
    }

    /// Whether a method streams its response (Discovery does not say): a method named `stream`, or
    /// `stream` followed by a capital (`streamGenerateContent`), Google's naming for
    /// server-streaming RPCs on REST. Their responses are written incrementally and never
    /// complete for a live source, so waiting for the whole body would wait forever.
    static func isServerStreaming(key: String, method: DiscoveryMethod) -> Bool {
        guard key.hasPrefix("stream") else { return false }
        let rest = key.dropFirst("stream".count)
        return rest.isEmpty || rest.first?.isUppercase == true
    }

    /// A request/response type: the referenced schema, or an inline schema translated in the
    /// resource's scope.
    private func bodyType(
        _ schema: DiscoverySchema, suggestedName: String, path: String,
        typeScope: inout NameScope, nestedTypes: inout [SwiftTypeDeclaration]
    ) throws(TranslationError) -> String {
        if let ref = schema.ref {
            guard let name = schemaNames[ref] else {
                throw TranslationError(path: path, message: "$ref \"\(ref)\" names no schema")
            }
            return name
        }
        let (type, _) = try translateType(
            schema, suggestedName: suggestedName, path: path,
            typeScope: &typeScope, nestedTypes: &nestedTypes, enclosingNames: []
        )
        return type.text
    }
}
