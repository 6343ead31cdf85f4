import Testing

@testable import GoogleAPICodegenKit

// MARK: - Server-streaming methods

/// The rule that marks methods as server-streaming, and what is generated for them.
@Suite struct ServerStreamingMethodTests {
    private static let json = Fixtures.document(
        schemas: """
            {"Page": {"id": "Page", "type": "object", "properties": {
                "nextPageToken": {"type": "string"}, "items": {"type": "array", "items": {"type": "string"}}}},
             "Chunk": {"id": "Chunk", "type": "object", "properties": {"text": {"type": "string"}}}}
            """,
        resources: """
            {"things": {"methods": {
                "stream": {"id": "t.things.stream", "httpMethod": "GET", "path": "things:stream",
                    "parameters": {"pageToken": {"type": "string", "location": "query"}}, "response": {"$ref": "Page"}},
                "streamGenerate": {"id": "t.things.streamGenerate", "httpMethod": "POST", "path": "things:streamGenerate",
                    "response": {"$ref": "Chunk"}},
                "streamline": {"id": "t.things.streamline", "httpMethod": "GET", "path": "things:streamline",
                    "response": {"$ref": "Chunk"}}
            }}}
            """)

    @Test func streamAndStreamPrefixedMethodsReturnAServerStream() throws {
        let output = try Fixtures.generate(json: Self.json)
        let methods = try #require(output.service.root.children.first?.methods)
        let byName = Dictionary(uniqueKeysWithValues: methods.map { ($0.name, $0) })
        #expect(byName["stream"]?.serverStream == SwiftServerStream(resumesWithPageToken: true))
        #expect(byName["streamGenerate"]?.serverStream == SwiftServerStream(resumesWithPageToken: false))
        #expect(byName["streamline"]?.serverStream == nil, "a word that merely starts with 'stream'")
        #expect(byName["stream"]?.typedCallName == nil, "a stream cannot be batched")
        #expect(byName["stream"]?.pagesName == nil, "a stream's page token resumes it; it has no pages")
        #expect(byName["stream"]?.parametersTypeName == "StreamParameters")

        // Signatures as one line each, however the generator wrapped them.
        let source = Fixtures.combined(output)
            .replacing(/\(\s+/, with: "(").replacing(/\s+\)/, with: ")").replacing(/\s+/, with: " ")
        #expect(
            source.contains(
                "options: GoogleAPIRuntime.ServerStreamOptions<Fixture.Page> = .init()) -> GoogleAPIRuntime.ServerStream<Fixture.Page>")
                || source.contains("options: GoogleAPIRuntime.ServerStreamOptions<Page> = .init()) -> GoogleAPIRuntime.ServerStream<Page>"))
        #expect(source.contains("options.resumption = .pageToken { $0.nextPageToken }"))
        // Both forms of the method (flattened and parameters value) stream; the field mask goes
        // on the call, with the token the stream resumes from added when the mask lacks it.
        let mask = "fields: GoogleAPIRuntime.GoogleFieldMask<Page>? = nil"
        #expect(source.contains("public func stream(pageToken: Swift.String? = nil, \(mask)"))
        #expect(source.contains("public func stream(_ parameters: StreamParameters, \(mask)"))
        #expect(
            source.contains(
                "client.serverStream(makeStreamCall(parameters, options: GoogleAPIRuntime.APICallOptions(), fields: fields?.including(topLevel: [\"nextPageToken\"]))"
            ))
        #expect(!source.contains("func streamPages(") && !source.contains("func streamCall("))
        #expect(source.contains("func streamline(") && source.contains("async throws -> "))
    }
}
