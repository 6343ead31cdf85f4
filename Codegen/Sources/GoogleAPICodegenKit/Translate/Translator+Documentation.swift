// MARK: - Documentation from structure

/// Doc comments are built from the document's structure (HTTP method and path, scopes,
/// parameter constraints, media upload limits) so they say something useful even when a
/// document carries no prose (the package's `Specs/` are stripped of it); prose, when present,
/// comes first.
extension Translator {
    /// A method: prose, then `` `GET files/{fileId}` ``, scopes and media upload facts.
    static func methodDocumentation(_ method: DiscoveryMethod) -> SwiftDocumentation {
        var documentation = documentation(method.description, deprecated: method.deprecated)
        var facts = ["`\(method.httpMethod.uppercased()) \(method.path)`"]
        let scopes = (method.scopes ?? []).sorted()
        if !scopes.isEmpty {
            facts.append("Requires one of the scopes " + scopes.map { "`\($0)`" }.joined(separator: ", ") + ".")
        }
        if let upload = method.mediaUpload {
            var protocols: [String] = []
            if let simple = upload.protocols?.simple { protocols.append(simple.multipart == true ? "simple (multipart)" : "simple") }
            if let resumable = upload.protocols?.resumable {
                protocols.append(resumable.multipart == true ? "resumable (multipart)" : "resumable")
            }
            var sentence = "Media upload"
            if !protocols.isEmpty { sentence += ": " + protocols.joined(separator: " or ") }
            if let accept = upload.accept, !accept.isEmpty {
                sentence += "; accepts " + accept.map { "`\($0)`" }.joined(separator: ", ")
            }
            if let maxSize = upload.maxSize { sentence += "; at most \(maxSize)" }
            facts.append(sentence + ".")
        }
        if method.supportsMediaDownload == true { facts.append("Supports media download.") }
        if method.deprecated == true { facts.append("Deprecated.") }
        // One paragraph per fact: DocC joins adjacent lines.
        for fact in facts {
            if !documentation.lines.isEmpty { documentation.lines.append("") }
            documentation.lines.append(fact)
        }
        return documentation
    }

    /// A parameter: prose, then where it goes and its constraints, in one paragraph
    /// (`Query; int32; 1...1000; default 100.`).
    static func parameterDocumentation(_ parameter: DiscoveryParameter, location: SwiftParameter.Location) -> SwiftDocumentation {
        var facts = [location == .path ? "Path parameter" : "Query parameter"]
        if parameter.repeated == true { facts.append("repeated") }
        if let format = parameter.format { facts.append(format) }
        if let values = parameter.enum, !values.isEmpty {
            facts.append("one of " + values.map { "`\($0)`" }.joined(separator: ", "))
        }
        if let pattern = parameter.pattern { facts.append("pattern `\(pattern)`") }
        switch (parameter.minimum, parameter.maximum) {
        case (let minimum?, let maximum?): facts.append("\(minimum)...\(maximum)")
        case (let minimum?, nil): facts.append("at least \(minimum)")
        case (nil, let maximum?): facts.append("at most \(maximum)")
        case (nil, nil): break
        }
        if let value = parameter.default?.text { facts.append("default `\(value)`") }
        if parameter.deprecated == true { facts.append("deprecated") }
        var documentation = documentation(parameter.description, deprecated: parameter.deprecated)
        let sentence = facts.joined(separator: "; ") + "."
        documentation.lines = documentation.lines.isEmpty ? [sentence] : documentation.lines + [sentence]
        return documentation
    }

    /// A schema property: prose, then format, pattern, read-only.
    static func propertyDocumentation(_ property: DiscoverySchema) -> SwiftDocumentation {
        var documentation = documentation(property.description, deprecated: property.deprecated)
        var facts: [String] = []
        if let format = property.format { facts.append("Format `\(format)`.") }
        if let pattern = property.pattern { facts.append("Pattern `\(pattern)`.") }
        if property.readOnly == true { facts.append("Output only (set by the server).") }
        if !facts.isEmpty {
            if !documentation.lines.isEmpty { documentation.lines.append("") }
            documentation.lines.append(facts.joined(separator: " "))
        }
        return documentation
    }
}
