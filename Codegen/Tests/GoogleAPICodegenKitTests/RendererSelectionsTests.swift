import Testing

@testable import GoogleAPICodegenKit

// MARK: - Field selections

/// Which schemas get typed field-mask members: those a response reaches.
@Suite struct RendererSelectionsTests {
    private static let json = Fixtures.document(
        schemas: """
            {"Answer": {"id": "Answer", "type": "object", "properties": {
                "items": {"type": "array", "items": {"$ref": "Item"}},
                "byKey": {"type": "object", "additionalProperties": {"$ref": "Entry"}},
                "inline": {"type": "object", "properties": {"deep": {"$ref": "Deep"}}}}},
             "Item": {"id": "Item", "type": "object", "properties": {"id": {"type": "string"}, "shared": {"$ref": "Shared"}}},
             "Entry": {"id": "Entry", "type": "object", "properties": {"value": {"type": "string"}}},
             "Deep": {"id": "Deep", "type": "object", "properties": {"value": {"type": "string"}}},
             "Shared": {"id": "Shared", "type": "object", "properties": {"value": {"type": "string"}}},
             "Question": {"id": "Question", "type": "object", "properties": {
                "shared": {"$ref": "Shared"}, "only": {"$ref": "RequestOnly"}}},
             "RequestOnly": {"id": "RequestOnly", "type": "object", "properties": {"value": {"type": "string"}}}}
            """,
        resources: """
            {"things": {"methods": {
                "ask": {"id": "t.things.ask", "httpMethod": "POST", "path": "things:ask",
                    "request": {"$ref": "Question"}, "response": {"$ref": "Answer"}}
            }}}
            """)

    @Test func onlySchemasAResponseReachesGetSelections() throws {
        let output = try Fixtures.generate(json: Self.json)
        #expect(
            Renderer.responseReachable(output.service)
                == ["T.Answer", "T.Answer.Inline", "T.Item", "T.Entry", "T.Deep", "T.Shared"])
        let source = Fixtures.combined(output)
        for selected in ["Answer", "Answer.Inline", "Item", "Entry", "Deep", "Shared"] {
            #expect(source.contains("extension GoogleAPIRuntime.GoogleFieldSelection where Schema == T.\(selected) {"))
        }
        // Request-only schemas: nothing a mask could use.
        #expect(!source.contains("where Schema == T.Question "))
        #expect(!source.contains("where Schema == T.RequestOnly "))
    }
}
