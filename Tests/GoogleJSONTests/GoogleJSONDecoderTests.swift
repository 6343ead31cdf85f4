import Foundation
import Testing

@testable import GoogleJSON

@Suite("GoogleJSONDecoder")
struct GoogleJSONDecoderTests {
    let decoder = GoogleJSONDecoder()

    // MARK: - Realistic payloads

    @Test func decodesDriveFileListPage() throws {
        let page = try decoder.decode(TestFileList.self, from: DriveFixtures.fileListJSON())
        #expect(page.files?.count == 50)
        #expect(page.nextPageToken == "token-2")
        let third = try #require(page.files?[3])
        let expectedSize: Int64 = 4 * 1_048_576
        #expect(third.size == expectedSize)
        #expect(third.version == 103)
        #expect(third.owners?.first?.emailAddress == "ada@example.com")
        #expect(third.owners?.first?.me == true)
        #expect(third.parents == ["0BxRoOtFoLdEr"])
        #expect(third.createdTime == RFC3339.parse("2024-01-04T10:15:30.123Z"))
        #expect(third.starred == false)
    }

    @Test func agreesWithFoundationForSynthesizedCodable() throws {
        struct Nested: Codable, Equatable {
            var a: Int
            var b: [Double]
            var c: [String: [Int?]]
            var d: Bool?
            var e: String
            var f: UInt8
            var g: Float
            var h: [[String]]
        }
        let json = Data(
            #"{"a":-42,"b":[0.1,1e-7,2.5E3,-0,123456789.125],"c":{"x":[1,null,3],"y":[]},"e":"tab\there \"q\" \\ \/ é 😀","f":255,"g":1.5,"h":[["a"],[]]}"#
                .utf8)
        let ours = try decoder.decode(Nested.self, from: json)
        let foundation = try JSONDecoder().decode(Nested.self, from: json)
        #expect(ours == foundation)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let json = Data(#"["\u00e9\ud83d\ude00\n\u0000", "plain", "ü direct"]"#.utf8)
        let values = try decoder.decode([String].self, from: json)
        #expect(values == ["é😀\n\u{0}", "plain", "ü direct"])
    }

    @Test func keysInAnyOrderAndUnknownKeysAreFine() throws {
        let json = Data(#"{"unknown":{"deep":[1,2,{"x":null}]},"size":"7","id":"z","name":"n","kind":"k"}"#.utf8)
        let file = try decoder.decode(TestFile.self, from: json)
        #expect(file == TestFile(kind: "k", id: "z", name: "n", size: 7))
    }

    @Test func nullsDecodeAsNil() throws {
        let file = try decoder.decode(TestFile.self, from: Data(#"{"id":null,"size":null,"owners":null}"#.utf8))
        #expect(file.id == nil && file.size == nil && file.owners == nil)
    }

    // MARK: - Formats

    @Test func int64EdgeValuesAsStringsAndNumbers() throws {
        struct Holder: Codable {
            var values: [GoogleInt64]
            var unsigned: [GoogleUInt64]
        }
        let json = Data(#"{"values":["-9223372036854775808","9223372036854775807","0",12],"unsigned":["18446744073709551615",0]}"#.utf8)
        let holder = try decoder.decode(Holder.self, from: json)
        #expect(holder.values.map(\.value) == [.min, .max, 0, 12])
        #expect(holder.unsigned.map(\.value) == [.max, 0])
    }

    @Test func int64OverflowIsATypedError() throws {
        let json = Data(#"{"size":"9223372036854775808"}"#.utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try decoder.decode(TestFile.self, from: json) }
        #expect(error.path == "size")
        #expect(error.kind == .invalidFormat)
        #expect(error.byteOffset == 9)
    }

    @Test func bytesAcceptBothAlphabetsPaddedOrNot() throws {
        let payload = Data([0xFB, 0xFF, 0xBF, 0x00, 0x01])
        for text in ["+/+/AAE=", "-_-_AAE", "-_-_AAE=", "+/+/AAE"] {
            let value = try decoder.decode(GoogleBytes.self, from: Data("\"\(text)\"".utf8))
            #expect(value.value == payload, "\(text)")
        }
        let invalid = try #require(throws: (any Error).self) { try decoder.decode(GoogleBytes.self, from: Data(#""a""#.utf8)) }
        #expect(invalid is GoogleJSONDecodingError)
    }

    // MARK: - Malformed input

    @Test func truncatedInputNamesPathAndOffset() throws {
        let json = Data(#"{"files":[{"size":"12"},{"size":"#.utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try decoder.decode(TestFileList.self, from: json) }
        #expect(error.kind == .syntax)
        #expect(error.path == "files[1].size")
        #expect(error.byteOffset == json.count)
    }

    @Test func typeMismatchNamesPath() throws {
        let json = Data(#"{"files":[{},{},{},{"size":"abc"}]}"#.utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try decoder.decode(TestFileList.self, from: json) }
        #expect(error.path == "files[3].size")
        #expect(error.byteOffset == 28)
        #expect(error.description.contains("files[3].size"))

        let wrongType = Data(#"{"files":[{"owners":[{"me":"yes"}]}]}"#.utf8)
        let second = try #require(throws: GoogleJSONDecodingError.self) { try decoder.decode(TestFileList.self, from: wrongType) }
        #expect(second.path == "files[0].owners[0].me")
        #expect(second.kind == .typeMismatch)
    }

    @Test func missingRequiredKeyAndTypeErrorsFromSynthesizedCode() throws {
        struct Required: Decodable {
            var id: String
            var count: Int
        }
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try decoder.decode([Required].self, from: Data(#"[{"id":"a","count":1},{"id":"b"}]"#.utf8))
        }
        #expect(error.kind == .keyNotFound)
        #expect(error.path == "[1].count")
    }

    @Test func literalsAnywhereDecode() throws {
        // At the very end of the input too, where only the padding follows.
        #expect(try decoder.decode(Bool.self, from: Data("true".utf8)) == true)
        #expect(try decoder.decode(Bool.self, from: Data("false".utf8)) == false)
        #expect(try decoder.decode(JSONValue.self, from: Data("null".utf8)) == .null)
        #expect(
            try decoder.decode([String: JSONValue].self, from: Data(#"{"a":true,"b":false,"c":null,"d":[false,true]}"#.utf8))
                == ["a": .bool(true), "b": .bool(false), "c": .null, "d": .array([.bool(false), .bool(true)])])
    }

    @Test func deepNestingIsRejectedWithoutCrashing() throws {
        let deep = Data(String(repeating: "[", count: 100_000).utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try decoder.decode(JSONValue.self, from: deep) }
        #expect(error.kind == .tooDeep)
        let shallowEnough = Data((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)
        _ = try decoder.decode(JSONValue.self, from: shallowEnough)
    }

    @Test(arguments: [
        ("", "unexpected end"), ("{", "end of input"), ("[1,]", "expected a value"), ("{\"a\" 1}", "':'"),
        ("01", "leading zero"), ("1.", "digits after"), ("\"a\u{1}\"", "control"), ("\"\\x\"", "escape"),
        ("[1] x", "after the JSON value"), ("tru", "literal"), ("{'a':1}", "quoted key"), ("-", "invalid number"),
        // Literals are compared a word at a time: the fifth byte of `false`, a literal cut
        // short by the end of the input (where zero padding follows) and a wrong last letter.
        ("[falsy]", "literal"), ("fals", "literal"), ("nul", "literal"), ("[nulL]", "literal"), ("{\"a\":trUe}", "literal"),
    ])
    func malformedSyntaxIsATypedError(input: String, fragment: String) throws {
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try decoder.decode(JSONValue.self, from: Data(input.utf8))
        }
        #expect(error.kind == .syntax)
        #expect(error.message.contains(fragment), "\(error.message)")
    }

    /// The string scan reads eight bytes at a time with no bounds check, relying on the zero
    /// padding after the input: a string left open at any distance from the end of the input,
    /// after ASCII, non-ASCII bytes or an escape, must be a syntax error, never a read past it.
    @Test func stringsOpenAtTheEndOfTheInputAreSyntaxErrors() throws {
        for length in 0..<20 {
            for tail in ["", "é", "\\n", "\\u0041", "\\"] {
                for prefix in ["", "[", "{\"k\": ", "{"] {
                    let input = prefix + "\"" + String(repeating: "a", count: length) + tail
                    let error = try #require(throws: GoogleJSONDecodingError.self) {
                        try decoder.decode(JSONValue.self, from: Data(input.utf8))
                    }
                    #expect(error.kind == .syntax, "\(input)")
                }
            }
        }
        // Closed at the very end, the same strings parse.
        for length in 0..<20 {
            let text = String(repeating: "a", count: length)
            #expect(try decoder.decode(String.self, from: Data("\"\(text)\"".utf8)) == text)
        }
    }

    @Test func invalidUTF8IsRejected() throws {
        var bytes = Array(#"{"name":"ab"}"#.utf8)
        bytes.insert(0xFF, at: 10)
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try decoder.decode(TestFile.self, from: Data(bytes))
        }
        #expect(error.kind == .invalidFormat)
        #expect(error.path == "name")
    }

    @Test func loneSurrogateEscapeIsRejected() throws {
        #expect(throws: GoogleJSONDecodingError.self) { try decoder.decode(String.self, from: Data(#""\ud83d x""#.utf8)) }
    }

    @Test func allKeysLoopsLikeGeneratedCodeWork() throws {
        // Generated types iterate `allKeys`; the decoder caches key lookups per key type.
        struct Item: Decodable, Equatable {
            var id: String?
            var size: Int64?
            var tags: [String]?
            enum CodingKeys: String, CodingKey { case id, size, tags }
            init(id: String?, size: Int64?, tags: [String]?) {
                self.id = id
                self.size = size
                self.tags = tags
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                for key in container.allKeys {
                    switch key {
                    case .id: id = try container.decodeIfPresent(String.self, forKey: .id)
                    case .size: size = try container.decodeGoogleInt64IfPresent(forKey: .size)
                    case .tags: tags = try container.decodeIfPresent([String].self, forKey: .tags)
                    }
                }
            }
        }
        let objects = (0..<300).map { #"{"unknown\#($0 % 7)":1,"tags":["t\#($0)"],"size":"\#($0)","id":"i\#($0)","id2":0}"# }
        let items = try decoder.decode([Item].self, from: Data("[\(objects.joined(separator: ","))]".utf8))
        #expect(items.count == 300)
        #expect(items[123] == Item(id: "i123", size: 123, tags: ["t123"]))
        #expect(items.allSatisfy { $0.id != nil && $0.size != nil })
    }

    // MARK: - JSONValue

    @Test func jsonValueParsesEverything() throws {
        let value = try JSONValue(parsing: Data(#"{"a":[1,true,null,"s",{"b":-2.5}]}"#.utf8))
        #expect(value == ["a": [1, true, nil, "s", ["b": -2.5]]])
        #expect(value["a"]?[4]?["b"]?.doubleValue == -2.5)
    }
}
