import Foundation
import Testing

@_spi(Generated) @_spi(Benchmarking) @testable import GoogleJSON

// MARK: - Wire values and the default init(from:)

/// Nested arrays and maps of Discovery formats (`GoogleJSONArrayOf`, `GoogleJSONMapOf`) decode and
/// encode in Google's wire form with one call, and a type with only `init(googleJSON:)` is
/// `Decodable` under any decoder.
@Suite struct GoogleJSONWireValueTests {
    typealias Matrix = GoogleJSONArrayOf<GoogleJSONArrayOf<GoogleInt64>>
    typealias DatesByName = GoogleJSONMapOf<GoogleJSONArrayOf<GoogleDate>>

    @Test func nestedFormatsDecodeOnEveryPath() throws {
        let json = Data(#"[["1", "-9223372036854775808"], [], ["9223372036854775807"]]"#.utf8)
        let expected: [[Int64]] = [[1, .min], [], [.max]]
        #expect(try GoogleJSONDecoder().decode(Matrix.self, from: json).value == expected)
        var codablePath = GoogleJSONDecoder()
        codablePath.usesFastPath = false
        #expect(try codablePath.decode(Matrix.self, from: json).value == expected)
        #expect(try JSONDecoder().decode(Matrix.self, from: json).value == expected)
        let error = try #require(throws: GoogleJSONDecodingError.self) {
            try GoogleJSONDecoder().decode(Matrix.self, from: Data(#"[["1"], ["2", "x"]]"#.utf8))
        }
        #expect(error.path == "[1][1]")
    }

    @Test func nestedFormatsEncodeInWireForm() throws {
        let dates = DatesByName(["a": [Date(timeIntervalSince1970: 0)], "b": []])
        let text = String(decoding: try GoogleJSONEncoder().encode(dates), as: UTF8.self)
        #expect(text.contains(#""a":["1970-01-01T00:00:00Z"]"#) || text.contains(#""a":["1970-01-01T00:00:00.000Z"]"#), "\(text)")
        #expect(try GoogleJSONDecoder().decode(DatesByName.self, from: Data(text.utf8)).value == dates.value)
        let matrix = String(decoding: try GoogleJSONEncoder().encode(Matrix([[1, 2], [3]])), as: UTF8.self)
        #expect(matrix == #"[["1","2"],["3"]]"#)
    }

    /// A type with only the fast initializer, like generated schema types.
    struct Point: GoogleJSONFastDecodable, Equatable {
        var x: Int64?
        var tags: [String]?
        static let keys = GoogleJSONKeyTable(["x", "tags"])

        init(googleJSON json: GoogleJSONValueRef) throws {
            var members = try json.members(Self.keys)
            while let key = try members.nextKey() {
                switch key {
                case 0: x = try json[members].decode(GoogleInt64.self).value
                case 1: tags = try json[members].decode([String].self)
                default: break
                }
            }
        }

        init(x: Int64?, tags: [String]?) {
            self.x = x
            self.tags = tags
        }
    }

    struct Envelope: Decodable {
        var points: [Point]
    }

    @Test func defaultInitFromDecoderServesEveryDecoder() throws {
        let json = Data(
            #"{"points": [{"x": "9007199254740993", "tags": ["a"]}, {"x": 9007199254740993, "other": {"deep": [1.5, null]}}]}"#.utf8)
        let expected = [Point(x: 9_007_199_254_740_993, tags: ["a"]), Point(x: 9_007_199_254_740_993, tags: nil)]
        // The runtime's Codable path (the envelope is not fast-decodable) and Foundation's
        // decoder (integers above 2^53 sent as numbers stay exact).
        #expect(try GoogleJSONDecoder().decode(Envelope.self, from: json).points == expected)
        #expect(try JSONDecoder().decode(Envelope.self, from: json).points == expected)
        // Errors: typed with the whole path on the runtime's decoder, DecodingError elsewhere.
        let bad = Data(#"{"points": [{"x": "1"}, {"x": "one"}]}"#.utf8)
        let error = try #require(throws: GoogleJSONDecodingError.self) { try GoogleJSONDecoder().decode(Envelope.self, from: bad) }
        #expect(error.path == "points[1].x")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: bad) }
    }
}
