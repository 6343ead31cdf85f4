import Foundation
import Testing

@testable import GoogleAPICodegenKit

// MARK: - Parse errors

/// Bad documents fail with the JSON path and line of the problem, formatted like a compiler
/// diagnostic.
@Suite struct ParseErrorTests {
    @Test func wrongParameterTypeNamesThePath() throws {
        let json = """
            {"kind": "discovery#restDescription",
             "resources": {"files": {"methods": {"list": {
               "path": "files", "httpMethod": "GET",
               "parameters": {"pageSize": {
                 "location": "query",
                 "type": 50
               }}
             }}}}}
            """
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.parse(json) }
        #expect(error.path == "resources.files.methods.list.parameters.pageSize.type")
        #expect(error.message == "expected a string, found a number")
        #expect(error.line == 6)
        #expect(
            error.description
                == "test.json:6: error: resources.files.methods.list.parameters.pageSize.type: expected a string, found a number")
    }

    @Test func missingRequiredKeyPointsAtTheObject() throws {
        let json = """
            {
              "resources": {
                "files": {
                  "methods": {
                    "get": {"path": "files/{id}"}
                  }
                }
              }
            }
            """
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.parse(json) }
        #expect(error.path == "resources.files.methods.get.httpMethod")
        #expect(error.message == "required key 'httpMethod' is missing")
        #expect(error.line == 5)
    }

    @Test func arrayElementsAppearAsIndexes() throws {
        let json = """
            {"resources": {"a": {"methods": {"m": {"path": "p", "httpMethod": "GET",
              "parameterOrder": ["x",
                true]}}}}}
            """
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.parse(json) }
        #expect(error.path == "resources.a.methods.m.parameterOrder[1]")
        #expect(error.message == "expected a string, found a boolean")
        #expect(error.line == 3)
    }

    @Test func objectExpectedWhereArrayFound() throws {
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.parse(#"{"schemas": []}"#) }
        #expect(error.path == "schemas")
        #expect(error.message == "expected an object, found an array")
    }

    @Test(arguments: [
        ("{\"a\": 1,\n\n }", 3, "expected a quoted key, found '}'"),
        ("{\"a\": [1, 2\n", 2, "unexpected end of input inside an array"),
        ("{\"a\": ", 1, "unexpected end of input, expected a value"),
        ("{\"a\": \"unterminated}", 1, "unterminated string"),
        ("{\"a\": tru}", 1, "invalid literal, expected 'true'"),
        ("{} {}", 1, "unexpected data after the JSON value"),
        ("{\"a\": \"\\q\"}", 1, "invalid escape \\'q'"),
        ("{\n\"a\": [[[\n" + String(repeating: "[", count: 600), 3, "nesting deeper than 512 levels"),
    ])
    func invalidJSONReportsLine(json: String, line: Int, message: String) throws {
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.parse(json) }
        #expect(error.line == line)
        #expect(error.message == "invalid JSON: \(message)")
        #expect(error.path.isEmpty)
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let document = try DiscoveryParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"name": "x"}"#.utf8), file: "bom.json")
        #expect(document.name == "x")
    }

    @Test func wrongKindPointsAtItsLine() throws {
        let error = try #require(throws: DiscoveryParseError.self) {
            try Fixtures.parse("{\n  \"name\": \"x\",\n  \"kind\": \"discovery#directoryList\"\n}")
        }
        #expect(error.path == "kind")
        #expect(error.line == 3)
    }

    @Test func directoryListIsRejected() throws {
        let error = try #require(throws: DiscoveryParseError.self) {
            try Fixtures.parse(#"{"kind": "discovery#directoryList", "items": []}"#)
        }
        #expect(error.path == "kind")
        #expect(error.message.contains("not a REST description"))
    }

    @Test func danglingReferenceFailsTranslationWithLine() throws {
        let json = Fixtures.document(
            schemas: """
                {
                  "A": {"type": "object", "properties": {
                    "b": {"$ref": "Missing"}
                  }}
                }
                """)
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.generate(json: json) }
        #expect(error.path == "schemas.A.properties.b")
        #expect(error.message == "$ref \"Missing\" names no schema")
        #expect(error.line == 5)
    }

    @Test(arguments: [
        (#"{"A": {"$ref": "B"}, "B": {"$ref": "A"}}"#, "schemas.A", "A → B → A"),
        (#"{"List": {"type": "array", "items": {"$ref": "List"}}}"#, "schemas.List", "List → List"),
        (
            #"{"M": {"type": "object", "additionalProperties": {"type": "array", "items": {"$ref": "N"}}}, "N": {"$ref": "M"}, "S": {"type": "object", "properties": {"m": {"$ref": "M"}}}}"#,
            "schemas.M", "M → N → M"
        ),
    ])
    func aliasCyclesNameTheirPath(schemas: String, path: String, cycle: String) throws {
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.generate(json: Fixtures.document(schemas: schemas)) }
        #expect(error.path == path)
        #expect(error.message.contains(cycle), "\(error.message)")
    }

    @Test func cyclesThroughObjectsAreNoAliasCycles() throws {
        // `Node` is a struct; arrays of it and aliases to it are fine.
        let schemas =
            #"{"Node": {"type": "object", "properties": {"children": {"$ref": "Nodes"}}}, "Nodes": {"type": "array", "items": {"$ref": "Node"}}}"#
        #expect(throws: Never.self) { try Fixtures.generate(json: Fixtures.document(schemas: schemas)) }
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/", "ftp://example.com/", "https://", "/relative/", "data:text/plain,x"])
    func rootURLMustBeWeb(root: String) throws {
        let json = #"{"kind": "discovery#restDescription", "name": "t", "version": "v1", "rootUrl": "\#(root)", "servicePath": ""}"#
        let error = try #require(throws: DiscoveryParseError.self) { try Fixtures.generate(json: json) }
        #expect(error.path == "rootUrl")
        let base =
            #"{"kind": "discovery#restDescription", "name": "t", "version": "v1", "rootUrl": "https://t.example.com/", "baseUrl": "\#(root)"}"#
        #expect(try #require(throws: DiscoveryParseError.self) { try Fixtures.generate(json: base) }.path == "baseUrl")
    }

    @Test func unreadableFileNamesTheFile() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).json")
        let error = try #require(throws: DiscoveryParseError.self) { try DiscoveryParser.parse(contentsOf: missing) }
        #expect(error.file == missing.path)
        #expect(error.line == 1)
        #expect(error.description.hasPrefix("\(missing.path):1: error: cannot read file"))
    }

    @Test func escapesAndUnicodeDecode() throws {
        let document = try Fixtures.parse(#"{"title": "caf\u00e9 \ud83d\ude00 \"q\" \/ \n", "name": "x"}"#)
        #expect(document.title == "café 😀 \"q\" / \n")
    }

    @Test func specsParse() throws {
        let specs = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")
        let drive = try DiscoveryParser.parse(contentsOf: specs.appendingPathComponent("drive.v3.json"))
        let youtube = try DiscoveryParser.parse(contentsOf: specs.appendingPathComponent("youtube.v3.json"))
        #expect(drive.resources?["files"]?.methods?["list"]?.httpMethod == "GET")
        #expect(drive.resources?["files"]?.methods?["create"]?.mediaUpload?.protocols?.simple?.path == "/upload/drive/v3/files")
        for live in ["liveBroadcasts", "liveStreams", "liveChatMessages", "liveChatModerators", "liveChatBans"] {
            #expect(youtube.resources?[live] != nil, "missing \(live)")
        }
        #expect(youtube.resources?["liveBroadcasts"]?.methods?["list"]?.parameterOrder == ["part"])
    }
}
