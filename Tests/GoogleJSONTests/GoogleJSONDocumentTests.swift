import Foundation
import GoogleJSON
import Testing

// MARK: - GoogleJSONDocument

/// A parsed document decodes like `GoogleJSONDecoder` and tells where its values are, which the
/// codegen turns into `file:line:` diagnostics.
@Suite("GoogleJSONDocument")
struct GoogleJSONDocumentTests {
    private let text = """
        {
          "name": "drive",
          "resources": {
            "files": {"methods": {"list": {"path": "files"}}},
            "a.b": 1
          }
        }
        """

    @Test func locatesMembersByLineAndOffset() throws {
        let document = try GoogleJSONDocument(parsing: Data(text.utf8))
        let resources = try #require(document.member("resources", of: document.root))
        let files = try #require(document.member("files", of: resources))
        let list = try #require(document.member("methods", of: files).flatMap { document.member("list", of: $0) })
        #expect(document.line(ofByteOffset: document.byteOffset(of: resources)) == 3)
        #expect(document.line(ofByteOffset: document.byteOffset(of: list)) == 4)
        #expect(document.member("a.b", of: resources).map { document.line(ofByteOffset: document.byteOffset(of: $0)) } == 5)
        #expect(document.member("missing", of: resources) == nil)
        #expect(document.member("path", of: document.member("name", of: document.root)!) == nil, "a string has no members")
        let name = try #require(document.member("name", of: document.root))
        #expect(Array(text.utf8)[document.byteOffset(of: name)] == UInt8(ascii: "d"), "strings start after the quote")
    }

    @Test func decodesAndNamesThePathAndLineOfAWrongType() throws {
        struct Method: Decodable { var path: Int }
        struct Resource: Decodable { var methods: [String: Method] }
        struct Root: Decodable {
            var name: String
            var resources: [String: Resource]
        }
        let document = try GoogleJSONDocument(
            parsing: Data(text.replacingOccurrences(of: "\"a.b\": 1", with: "\"x\": {\"methods\": {}}").utf8))
        let error = try #require(throws: GoogleJSONDecodingError.self) { try document.decode(Root.self) }
        #expect(error.path == "resources.files.methods.list.path")
        #expect(error.message == "expected a number, found a string")
        #expect(document.line(ofByteOffset: error.byteOffset) == 4)
    }

    @Test func syntaxErrorsKnowTheirLine() throws {
        let data = Data("{\n  \"a\": 1,\n  \"b\": [1,\n  2,,\n]}".utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try GoogleJSONDocument(parsing: data) }
        #expect(error.kind == .syntax)
        #expect(error.line(in: data) == 4)
        #expect(error.path == "b[2]")
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a": [true]}"#.utf8)
        #expect(try JSONValue(parsing: data) == ["a": [true]])
        #expect(try GoogleJSONDecoder().decode([String: [Bool]].self, from: data) == ["a": [true]])
        let document = try GoogleJSONDocument(parsing: data)
        #expect(document.member("a", of: document.root).map(document.byteOffset(of:)) == 9)
    }
}
