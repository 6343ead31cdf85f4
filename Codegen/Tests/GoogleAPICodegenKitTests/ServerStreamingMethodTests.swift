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

        let source = Fixtures.combined(output)
        #expect(source.contains("options: GoogleAPIRuntime.ServerStreamOptions<Fixture.Page> = .init()) -> GoogleAPIRuntime.ServerStream<Fixture.Page>")
            || source.contains("options: GoogleAPIRuntime.ServerStreamOptions<Page> = .init()) -> GoogleAPIRuntime.ServerStream<Page>"))
        #expect(source.contains("options.resumption = .pageToken { $0.nextPageToken }"))
        #expect(source.contains("func streamline(") && source.contains("async throws -> "))
    }
}
