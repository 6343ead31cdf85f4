// MARK: - Methods

extension Renderer {
    /// All variants of one method plus the call builder they share.
    func renderMethod(_ method: SwiftMethod, into writer: inout SwiftWriter) {
        let arguments = method.parameters.map(\.name)
        let builderCall = "\(method.builderName)(\((arguments + (method.body.map { [$0.name] } ?? [])).map { "\(SwiftNaming.argumentLabel($0)): \(SwiftNaming.escaped($0))" }.joined(separator: ", ")))"
        let required = method.parameters.filter(\.isRequired).map(declaration)
        let optional = method.parameters.filter { !$0.isRequired }.map(declaration)
        let deprecation = method.documentation.isDeprecated ? ["@available(*, deprecated)"] : []

        if method.emitsPlainVariant {
            let body = method.body.map { ["\($0.name): \($0.type)"] } ?? []
            let signature = "public func \(SwiftNaming.escaped(method.name))(\((required + body + optional).joined(separator: ", ")))"
            writer.line()
            writeDocs(method, extra: [], into: &writer)
            deprecation.forEach { writer.line($0) }
            if let response = method.responseType, let stream = method.serverStream {
                let streamSignature = "public func \(SwiftNaming.escaped(method.name))(\((required + body + optional + ["options: GoogleAPIRuntime.ServerStreamOptions<\(response)> = .init()"]).joined(separator: ", ")))"
                writer.block("\(streamSignature) -> GoogleAPIRuntime.ServerStream<\(response)>") { writer in
                    writer.line("var options = options")
                    if stream.resumesWithPageToken {
                        writer.line("if options.resumption == nil { options.resumption = .pageToken { $0.nextPageToken } }")
                    }
                    writer.line("return client.serverStream(\(builderCall), of: \(response).self, options: options)")
                }
            } else if let response = method.responseType {
                writer.block("\(signature) async throws -> \(response)") {
                    $0.line("try await client.execute(\(builderCall), as: \(response).self)")
                }
            } else {
                writer.block("\(signature) async throws") { $0.line("try await client.execute(\(builderCall))") }
            }
            if let pagesName = method.pagesName, let response = method.responseType {
                let pagesSignature = "public func \(SwiftNaming.escaped(pagesName))(\((required + body + optional).joined(separator: ", ")))"
                writer.line()
                writeDocs(method, extra: ["", "Every page of `\(method.name)`, fetched as iteration reaches it.", "", "- Returns: The pages (`for try await page in …`); `.items` flattens them."], into: &writer)
                deprecation.forEach { writer.line($0) }
                writer.block("\(pagesSignature) -> GoogleAPIRuntime.APIPageSequence<\(response)>") {
                    $0.line("client.pages(\(builderCall), as: \(response).self)")
                }
            }
        }

        if let typedCallName = method.typedCallName {
            let body = method.body.map { ["\($0.name): \($0.type)"] } ?? []
            let typedSignature = "public func \(SwiftNaming.escaped(typedCallName))(\((required + body + optional).joined(separator: ", ")))"
            writer.line()
            writeDocs(method, extra: ["", "The `\(method.name)` call as a value, for `client.batch(...)` (typed results) or `client.execute(_:)`."], into: &writer)
            deprecation.forEach { writer.line($0) }
            if let response = method.responseType {
                writer.block("\(typedSignature) -> GoogleAPIRuntime.TypedAPICall<\(response)>") { $0.line("GoogleAPIRuntime.TypedAPICall(\(builderCall), as: \(response).self)") }
            } else {
                writer.block("\(typedSignature) -> GoogleAPIRuntime.TypedAPICall<Swift.Void>") { $0.line("GoogleAPIRuntime.TypedAPICall(\(builderCall))") }
            }
        }

        if let upload = method.upload {
            let body = method.body.map { ["\($0.name): \($0.type)? = nil"] } ?? []
            let media = "\(upload.argumentName): GoogleAPIRuntime.MediaUpload"
            let signature = "public func \(SwiftNaming.escaped(method.name))(\((required + body + [media] + optional).joined(separator: ", ")))"
            writer.line()
            writeDocs(method, extra: [
                "", "Uploads `\(upload.argumentName)` with the call (`\(upload.path)`).",
                "A `\(upload.argumentName)` holding a saved session (`MediaUpload.resumable(file:contentType:resuming:)`)",
                "continues that upload instead: the call's parameters and body went with its start and are not sent again.",
            ], into: &writer)
            deprecation.forEach { writer.line($0) }
            let media_ = SwiftNaming.escaped(upload.argumentName)
            if let response = method.responseType {
                writer.block("\(signature) async throws -> \(response)") {
                    $0.line("try await client.upload(\(builderCall), media: \(media_), as: \(response).self)")
                }
            } else {
                writer.block("\(signature) async throws") {
                    $0.line("try await client.upload(\(builderCall), media: \(media_))")
                }
            }
        }

        if let download = method.download {
            let body = method.body.map { ["\($0.name): \($0.type)"] } ?? []
            let prelude: (inout SwiftWriter) -> Void = { writer in
                writer.line("\(download.addsAltMedia ? "var" : "let") call = \(builderCall)")
                if download.addsAltMedia { writer.line("call.setQuery(\"alt\", \"media\")") }
            }
            let fileArguments = required + body + optional + [
                "to \(download.destinationArgument): Foundation.URL",
                "\(download.progressArgument): (@Sendable (GoogleAPIRuntime.MediaProgress) -> Swift.Void)? = nil",
            ]
            writer.line()
            writeDocs(method, extra: ["", "Downloads the media to `\(download.destinationArgument)`."], into: &writer)
            deprecation.forEach { writer.line($0) }
            writer.block("public func \(download.fileVariantName)(\(fileArguments.joined(separator: ", "))) async throws") { writer in
                prelude(&writer)
                writer.line("try await client.download(call, to: \(download.destinationArgument), progress: \(download.progressArgument))")
            }
            writer.line()
            writeDocs(method, extra: ["", "Streams the media as it arrives."], into: &writer)
            deprecation.forEach { writer.line($0) }
            writer.block("public func \(download.streamVariantName)(\((required + body + optional).joined(separator: ", "))) async throws -> GoogleAPIRuntime.MediaDownloadStream") { writer in
                prelude(&writer)
                writer.line("return try await client.downloadStream(call)")
            }
        }

        renderBuilder(method, into: &writer)
    }

    private func renderBuilder(_ method: SwiftMethod, into writer: inout SwiftWriter) {
        var parameters = method.parameters.map { "\(SwiftNaming.escaped($0.name)): \($0.argumentType)" }
        if let body = method.body { parameters.append("\(body.name): \(body.type)?") }
        writer.line()
        writer.block("func \(method.builderName)(\(parameters.joined(separator: ", "))) -> GoogleAPIRuntime.APICall") { writer in
            let scopes = "[" + method.scopes.map(literal).joined(separator: ", ") + "]"
            let upload = method.upload.map { ", mediaUploadPath: \(literal($0.path))" } ?? ""
            let construction = "GoogleAPIRuntime.APICall(method: \(literal(method.httpMethod)), path: \(literal(method.path)), scopes: \(scopes)\(upload))"
            if method.parameters.isEmpty && method.body == nil {
                writer.line("return \(construction)")
                return
            }
            writer.line("var call = \(construction)")
            for parameter in method.parameters {
                let name = SwiftNaming.escaped(parameter.name)
                switch parameter.location {
                case .path: writer.line("call.setPath(\(literal(parameter.wireName)), \(name))")
                case .query: writer.line("call.addQuery(\(literal(parameter.wireName)), \(name))")
                }
            }
            if let body = method.body {
                writer.line("if let \(SwiftNaming.escaped(body.name)) { call.setBody(\(SwiftNaming.escaped(body.name))) }")
            }
            writer.line("return call")
        }
    }

    private func declaration(_ parameter: SwiftParameter) -> String {
        let label = SwiftNaming.escaped(parameter.name)
        return parameter.isRequired ? "\(label): \(parameter.argumentType)" : "\(label): \(parameter.argumentType) = nil"
    }

    private func writeDocs(_ method: SwiftMethod, extra: [String], into writer: inout SwiftWriter) {
        var lines = method.documentation.lines + extra
        while lines.first?.isEmpty == true { lines.removeFirst() }
        let documented = method.parameters.filter { !$0.documentation.lines.isEmpty }
        if !documented.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("- Parameters:")
            for parameter in documented {
                let text = parameter.documentation.lines.filter { !$0.isEmpty }.joined(separator: " ")
                lines.append("  - \(parameter.name): \(text)")
            }
        }
        writer.documentation(lines)
    }
}
