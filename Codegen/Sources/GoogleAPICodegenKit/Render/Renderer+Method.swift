// MARK: - Methods

/// One definition per method: its parameters are declared and documented once, as the properties
/// of a `<Name>Parameters` value (`Sendable`, `Hashable`, deprecated ones
/// `@available(*, deprecated)`). The flattened method (`list(pageSize:…, fields:, options:)`, the
/// common case) builds that value; every other form takes it: `list(_:)`, `listPages(_:)`,
/// `listCall(_:)` (batches, `client.response(_:)`), `getMedia(_:to:)`, `getMediaStream(_:)`.
/// Uploads are the flattened method's `media:` argument. A server-streaming method (`stream`,
/// `streamX`) returns a `ServerStream` of its response type from both of its forms, which take
/// `fields:` and `ServerStreamOptions`, and has no page sequence or call value.
extension Renderer {
    /// The method's forms, its parameters value and the call builder they share.
    func renderMethod(_ method: SwiftMethod, into writer: inout SwiftWriter) {
        let forms = MethodForms(method: method)
        if method.emitsPlainVariant {
            renderFlattened(forms, into: &writer)
            if method.parametersTypeName != nil { renderValueForm(forms, into: &writer) }
            renderPages(forms, into: &writer)
            renderTypedCall(forms, into: &writer)
        }
        renderDownloads(forms, into: &writer)
        renderBuilder(forms, into: &writer)
        renderParameters(forms, into: &writer)
        renderQuotaCost(method, into: &writer)
    }

    /// `public static let listQuotaCost`: the units one request costs, as a value code can read
    /// (a ledger prices requests with the service's `quotaCosts`).
    private func renderQuotaCost(_ method: SwiftMethod, into writer: inout SwiftWriter) {
        guard let cost = method.quotaCost else { return }
        writer.line()
        writer.documentation(["The quota units one `\(cost.method)` request costs: \(cost.units) (\(Self.quotaSourceWords(cost.source)))."])
        writer.wrappedList(
            "public static let \(SwiftNaming.escaped(cost.memberName)) = GoogleAPIRuntime.APIQuotaCost(",
            [
                "method: \(literal(cost.method))", "httpMethod: \(literal(method.httpMethod))", "path: \(literal(cost.path))",
                "units: \(cost.units)", "source: .\(cost.source)",
            ], ")")
    }

    /// How the documentation names a cost's source.
    static func quotaSourceWords(_ source: String) -> String {
        switch source {
        case "published": "published by Google"
        case "estimated": "estimated: not in Google's published table"
        default: "unpublished: Google publishes no cost for this method"
        }
    }

    // MARK: - Forms

    /// What every public form of a method carries: its body goes into the modules that call it,
    /// and the generated module builds none of them. An app calls a handful of an API's
    /// methods; compiling all of them (each `async` form a coroutine split into several
    /// functions) was a tenth of YouTube's release build. Hence `client`, the builders and
    /// deprecated parameters' storage are `@usableFromInline`.
    static let emitIntoClient = "@_alwaysEmitIntoClient"

    /// The flattened method: every non-deprecated parameter as an argument. Deprecated ones
    /// are set on the parameters value (their properties are deprecated, so setting one warns):
    /// an overload taking them too repeated every parameter of the method once more.
    private func renderFlattened(_ forms: MethodForms, into writer: inout SwiftWriter) {
        let method = forms.method
        let current = method.parameters.filter { !$0.isDeprecated }
        writer.line()
        writeDocs(method, into: &writer)
        forms.deprecation.forEach { writer.line($0) }
        let required = current.filter(\.isRequired).map(declaration)
        let optional = current.filter { !$0.isRequired }.map(declaration)
        let arguments = required + forms.bodyArgument(optionalWithUpload: true) + forms.mediaArgument + optional + forms.fieldsAndOptions
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock("public func \(forms.name)(", arguments, ") \(forms.plainResult)") { writer in
            guard let typeName = method.parametersTypeName else {
                // Nothing to gather: this is the method's only plain form.
                renderSend(forms, parametersArgument: nil, into: &writer)
                return
            }
            let passing = current.map { "\(SwiftNaming.argumentLabel($0.name)): \(SwiftNaming.escaped($0.name))" }
            let passed = (forms.bodyPassing + forms.mediaPassing + ["fields: fields", "options: options"]).joined(separator: ", ")
            writer.wrappedList("\(forms.tryAwait)self.\(forms.name)(\(typeName)(", passing, "), \(passed))")
        }
    }

    /// `list(_ parameters: ListParameters, …)`: the plain call with the parameters as one value.
    private func renderValueForm(_ forms: MethodForms, into writer: inout SwiftWriter) {
        writer.line()
        writer.documentation(["`\(forms.method.name)` with its parameters as one value."])
        forms.deprecation.forEach { writer.line($0) }
        let arguments =
            forms.parametersArgument + forms.bodyArgument(optionalWithUpload: true) + forms.mediaArgument + forms.fieldsAndOptions
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock("public func \(forms.name)(", arguments, ") \(forms.plainResult)") { writer in
            renderSend(forms, parametersArgument: "parameters", into: &writer)
        }
    }

    /// The body of the plain form: execute, or upload when `media` is given.
    private func renderSend(_ forms: MethodForms, parametersArgument: String?, into writer: inout SwiftWriter) {
        let call = forms.builderCall(parametersArgument)
        if let stream = forms.method.serverStream, let element = forms.method.responseType {
            if stream.resumesWithPageToken {
                writer.line("var options = options")
                writer.line("if options.resumption == nil { options.resumption = .pageToken { $0.nextPageToken } }")
            }
            writer.wrappedList("return client.serverStream(", [call, "of: \(element).self", "options: options"], ")")
            return
        }
        let decoding = forms.method.responseType.map { ", as: \($0).self" } ?? ""
        guard let upload = forms.upload else {
            writer.line("\(forms.tryAwait)client.execute(\(call)\(decoding))")
            return
        }
        let media = SwiftNaming.escaped(upload.argumentName)
        writer.line("let call = \(call)")
        writer.line("if let \(media) { \(forms.returnTryAwait)client.upload(call, media: \(media)\(decoding)) }")
        writer.line("\(forms.returnTryAwait)client.execute(call\(decoding))")
    }

    /// `listPages(_:)`: the page sequence.
    private func renderPages(_ forms: MethodForms, into writer: inout SwiftWriter) {
        // A stream's response never completes, so it has no pages to follow.
        guard let pagesName = forms.method.pagesName, let response = forms.method.responseType,
            forms.method.serverStream == nil
        else { return }
        writer.line()
        writer.documentation([
            "Every page of `\(forms.method.name)`, fetched as iteration reaches it.", "",
            "- Returns: The pages (`for try await page in …`); `.items` flattens them.",
        ])
        forms.deprecation.forEach { writer.line($0) }
        let arguments = forms.parametersArgument + forms.bodyArgument(optionalWithUpload: false) + forms.fieldsAndOptions
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock(
            "public func \(SwiftNaming.escaped(pagesName))(", arguments, ") -> GoogleAPIRuntime.APIPageSequence<\(response)>"
        ) {
            $0.line("client.pages(\(forms.builderCall("parameters")), as: \(response).self)")
        }
    }

    /// `getCall(_:)`: the call as a value, for batches and `client.response(_:)`.
    private func renderTypedCall(_ forms: MethodForms, into writer: inout SwiftWriter) {
        guard let typedCallName = forms.method.typedCallName else { return }
        writer.line()
        writer.documentation([
            "The `\(forms.method.name)` call as a value: for `client.batch(...)` (typed results),",
            "`client.execute(_:)`, or `client.response(_:)` (the value with its status, headers and ETag).",
        ])
        forms.deprecation.forEach { writer.line($0) }
        let arguments = forms.parametersArgument + forms.bodyArgument(optionalWithUpload: false) + forms.fieldsAndOptions
        let response = forms.method.responseType ?? "Swift.Void"
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock(
            "public func \(SwiftNaming.escaped(typedCallName))(", arguments, ") -> GoogleAPIRuntime.TypedAPICall<\(response)>"
        ) {
            let decoding = forms.method.responseType.map { ", as: \($0).self" } ?? ""
            $0.line("GoogleAPIRuntime.TypedAPICall(\(forms.builderCall("parameters"))\(decoding))")
        }
    }

    /// `getMedia(_:to:progress:)` and `getMediaStream(_:)`.
    private func renderDownloads(_ forms: MethodForms, into writer: inout SwiftWriter) {
        guard let download = forms.method.download else { return }
        let prelude: (inout SwiftWriter) -> Void = { writer in
            writer.line("\(download.addsAltMedia ? "var" : "let") call = \(forms.builderCall("parameters", fields: false))")
            if download.addsAltMedia { writer.line("call.setQuery(\"alt\", \"media\")") }
        }
        let common = forms.parametersArgument + forms.bodyArgument(optionalWithUpload: false)
        let options = "options: GoogleAPIRuntime.APICallOptions = .init()"
        writer.line()
        writer.documentation(["Downloads the media of `\(forms.method.name)` to `\(download.destinationArgument)`."])
        forms.deprecation.forEach { writer.line($0) }
        let fileArguments =
            common + [
                "to \(download.destinationArgument): Foundation.URL",
                "\(download.progressArgument): (@Sendable (GoogleAPIRuntime.MediaProgress) -> Swift.Void)? = nil", options,
            ]
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock("public func \(download.fileVariantName)(", fileArguments, ") async throws") { writer in
            prelude(&writer)
            writer.line("try await client.download(call, to: \(download.destinationArgument), progress: \(download.progressArgument))")
        }
        writer.line()
        writer.documentation(["Streams the media of `\(forms.method.name)` as it arrives."])
        forms.deprecation.forEach { writer.line($0) }
        writer.line(Self.emitIntoClient)
        writer.wrappedBlock(
            "public func \(download.streamVariantName)(", common + [options], ") async throws -> GoogleAPIRuntime.MediaDownloadStream"
        ) {
            prelude(&$0)
            $0.line("return try await client.downloadStream(call)")
        }
    }

    // MARK: - Builder

    /// The internal function every form calls: the `APICall` from the parameters value, the
    /// body and the options.
    private func renderBuilder(_ forms: MethodForms, into writer: inout SwiftWriter) {
        let method = forms.method
        var arguments = method.parametersTypeName.map { ["_ parameters: \($0)"] } ?? []
        if let body = method.body { arguments.append("\(body.name): \(body.type)?") }
        arguments.append("options: GoogleAPIRuntime.APICallOptions")
        // The mask is applied here, in the module (the forms are emitted into callers, which
        // can't see the runtime's generated-code SPI).
        arguments.append("fields: \(forms.maskType)? = nil")
        if let member = method.queryNamesMember {
            writer.line()
            // Built once: the client reads it for `parameterDefaults` (which apply to the declared
            // parameters a call leaves unset) rather than each call recording its unset ones.
            let names = method.parameters.filter { $0.location == .query }.map { literal($0.wireName) }
            writer.wrappedList("private static let \(member): [Swift.String] = [", names, "]")
        }
        writer.line()
        // A deprecated method's builder takes its deprecated parameters type: deprecated too, or
        // naming that type would warn in every build of the generated module.
        forms.deprecation.forEach { writer.line($0) }
        writer.line("@usableFromInline")
        writer.wrappedBlock("func \(method.builderName)(", arguments, ") -> GoogleAPIRuntime.APICall") { writer in
            // The method ID rides on the call's one constructor line: what the session prices,
            // logs and hands to middleware by.
            let id = method.methodID.map { "methodID: \(literal($0)), " } ?? ""
            let head =
                "var call = GoogleAPIRuntime.APICall(\(id)method: \(literal(method.httpMethod)), path: \(literal(method.path)), scopes: ["
            let upload = method.upload.map { ", mediaUploadPath: \(literal($0.path))" } ?? ""
            let declared = method.queryNamesMember.map { ", declaredQueryNames: Self.\($0)" } ?? ""
            writer.wrappedList(head, method.scopes.map(literal), "]\(upload)\(declared))")
            for parameter in method.parameters {
                let value = "parameters." + (parameter.isDeprecated ? "_\(parameter.name)" : SwiftNaming.escaped(parameter.name))
                switch parameter.location {
                case .path: writer.line("call.setPath(\(literal(parameter.wireName)), \(value))")
                case .query: writer.line("call.addQuery(\(literal(parameter.wireName)), \(value))")
                }
            }
            if let body = method.body {
                writer.line("if let \(SwiftNaming.escaped(body.name)) { call.setBody(\(SwiftNaming.escaped(body.name))) }")
            }
            writer.line("call.options = options.withFields(fields)")
            writer.line("return call")
        }
    }

    // MARK: - Parameters value

    /// `public struct ListParameters: GoogleAPIParameters`: the one place the parameters are
    /// declared and documented. `Sendable` and `Hashable` come from the runtime's protocol, which
    /// compares and hashes the stored members without generated code: the synthesized
    /// conformances were 6 % of GoogleYouTube's release build, and spelling the comparison out
    /// per member was two more lines per parameter to read.
    private func renderParameters(_ forms: MethodForms, into writer: inout SwiftWriter) {
        let method = forms.method
        guard let typeName = method.parametersTypeName else { return }
        writer.line()
        writer.documentation([
            "The parameters of `\(method.name)` (`\(method.httpMethod) \(method.path)`) as one value, which every form",
            "of the method takes.",
        ])
        forms.deprecation.forEach { writer.line($0) }
        writer.block("public struct \(typeName): GoogleAPIRuntime.GoogleAPIParameters") { writer in
            for parameter in method.parameters {
                writer.documentation(parameter.documentation.lines)
                let name = SwiftNaming.escaped(parameter.name)
                if parameter.isDeprecated {
                    writer.line("@available(*, deprecated, message: \"Deprecated by the API.\")")
                    writer.line(
                        "public var \(name): \(parameter.argumentType) { get { _\(parameter.name) } set { _\(parameter.name) = newValue } }"
                    )
                    writer.line("@usableFromInline var _\(parameter.name): \(parameter.argumentType) = nil")
                } else {
                    writer.line("public var \(name): \(parameter.argumentType)")
                }
            }
            writer.line()
            let current = method.parameters.filter { !$0.isDeprecated }
            writer.documentation([
                "Each argument sets the property of the same name"
                    + (current.count < method.parameters.count
                        ? "; set the deprecated ones as properties." : ".")
            ])
            writer.wrappedBlock("public init(", current.map(declaration), ")") { writer in
                for parameter in current {
                    let name = SwiftNaming.escaped(parameter.name)
                    writer.line("self.\(name) = \(name)")
                }
            }
        }
    }

    // MARK: - Helpers

    private func declaration(_ parameter: SwiftParameter) -> String {
        let label = SwiftNaming.escaped(parameter.name)
        return parameter.isRequired ? "\(label): \(parameter.argumentType)" : "\(label): \(parameter.argumentType) = nil"
    }

    /// The method's documentation (prose, HTTP method and path, scopes, media), then where its
    /// parameters are documented and what the per-call arguments do. Prose rather than a
    /// `- Parameters:` list: a list must name every argument (DocC checks it), and the API's own
    /// parameters are documented once, on the parameters value.
    private func writeDocs(_ method: SwiftMethod, into writer: inout SwiftWriter) {
        var lines = method.documentation.lines
        while lines.first?.isEmpty == true { lines.removeFirst() }
        if let cost = method.quotaCost {
            if !lines.isEmpty { lines.append("") }
            lines.append("Quota: \(cost.units) units per request (\(Self.quotaSourceWords(cost.source)); ``\(cost.memberName)``).")
        }
        if !lines.isEmpty { lines.append("") }
        if let typeName = method.parametersTypeName {
            lines.append("The parameters are documented on ``\(typeName)``.")
        }
        if let upload = method.upload, method.serverStream == nil {
            lines.append("`\(upload.argumentName)` is media to upload with the call (`\(upload.path)`);")
            lines.append("a saved resumable session continues that upload.")
        }
        if method.serverStream != nil {
            lines.append(
                "`fields` is a partial-response mask (`[.id, .snippet([.title])]`, or `\"id,snippet(title)\"`); `options` sets the stream's"
            )
            lines.append("framing, element size limit, resumption, end rules and retry policy.")
        } else {
            lines.append("`fields` is a partial-response mask (`[.id, .name]`, or `\"id,name\"`); `options` sets `quotaUser`,")
            lines.append("extra headers (`If-None-Match`), a timeout and a retry policy for it.")
        }
        writer.documentation(lines)
    }
}

// MARK: - MethodForms

/// The argument lists and expressions the forms of one method share.
private struct MethodForms {
    let method: SwiftMethod

    var name: String { SwiftNaming.escaped(method.name) }

    var deprecation: [String] { method.documentation.isDeprecated ? ["@available(*, deprecated)"] : [] }

    /// The response type of a server-streaming method, whose forms return a `ServerStream` of it.
    var streamElement: String? { method.serverStream == nil ? nil : method.responseType }

    var fieldsAndOptions: [String] {
        let options = streamElement.map { "GoogleAPIRuntime.ServerStreamOptions<\($0)>" } ?? "GoogleAPIRuntime.APICallOptions"
        return ["fields: \(maskType)? = nil", "options: \(options) = .init()"]
    }

    /// `GoogleAPIRuntime.GoogleFieldMask<File>`: masks over the response (`Swift.Void` without one).
    var maskType: String {
        "GoogleAPIRuntime.GoogleFieldMask<\(method.responseType ?? "Swift.Void")>"
    }

    var parametersArgument: [String] { method.parametersTypeName.map { ["_ parameters: \($0)"] } ?? [] }

    /// `body: File` (or `body: File? = nil` next to a media upload, which may carry no metadata).
    func bodyArgument(optionalWithUpload: Bool) -> [String] {
        guard let body = method.body else { return [] }
        return [optionalWithUpload && method.upload != nil ? "\(body.name): \(body.type)? = nil" : "\(body.name): \(body.type)"]
    }

    /// No upload for a stream (a request that streams its answer has no media to send here).
    var upload: (argumentName: String, path: String)? { streamElement == nil ? method.upload : nil }

    var mediaArgument: [String] {
        upload.map { ["\($0.argumentName): GoogleAPIRuntime.MediaUpload? = nil"] } ?? []
    }

    var bodyPassing: [String] {
        method.body.map { ["\(SwiftNaming.argumentLabel($0.name)): \(SwiftNaming.escaped($0.name))"] } ?? []
    }

    var mediaPassing: [String] {
        upload.map { ["\(SwiftNaming.argumentLabel($0.argumentName)): \(SwiftNaming.escaped($0.argumentName))"] } ?? []
    }

    /// `async throws -> Drive.File`, `async throws`, or `-> GoogleAPIRuntime.ServerStream<…>`.
    var plainResult: String {
        if let streamElement { return "-> GoogleAPIRuntime.ServerStream<\(streamElement)>" }
        return method.responseType.map { "async throws -> \($0)" } ?? "async throws"
    }

    /// How a form calls another: a stream is returned, not awaited.
    var tryAwait: String { streamElement == nil ? "try await " : "" }

    var returnTryAwait: String { streamElement == nil ? "return try await " : "return " }

    /// `makeListCall(parameters, body: body, options: options, fields: fields)`.
    func builderCall(_ parametersArgument: String?, fields: Bool = true) -> String {
        var arguments = method.parametersTypeName == nil ? [] : [parametersArgument ?? "parameters"]
        arguments += bodyPassing
        if streamElement != nil {
            // `options` is the stream's; the call itself gets only the field mask, with the
            // token the stream resumes from when it resumes (a mask must not stop it).
            let mask = method.serverStream?.resumesWithPageToken == true ? "fields?.including(topLevel: [\"nextPageToken\"])" : "fields"
            arguments.append("options: GoogleAPIRuntime.APICallOptions(), fields: \(mask)")
        } else {
            arguments.append(fields ? "options: options, fields: fields" : "options: options")
        }
        return "\(method.builderName)(\(arguments.joined(separator: ", ")))"
    }
}
