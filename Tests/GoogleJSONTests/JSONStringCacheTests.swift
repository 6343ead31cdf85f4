import Foundation
import Testing

@_spi(Benchmarking) @testable import GoogleJSON

// MARK: - JSONStringCache

/// Long strings repeated in a document are shared (see `JSONStringCache`): every decoded value
/// must still be exactly the one written at its own place, whatever shares a cache slot with it
/// (the slot is chosen by a hash of the length and the first and last 8 bytes only), on the
/// fast path, the Codable path and `JSONValue` alike; Foundation's decoder is the reference.
@Suite("JSONStringCache")
struct JSONStringCacheTests {
    private static let codablePath: GoogleJSONDecoder = {
        var decoder = GoogleJSONDecoder()
        decoder.usesFastPath = false
        return decoder
    }()

    /// Values that all land in one slot (same length, same first and last 8 bytes, one middle
    /// byte different), each repeated, interleaved with unique ones and with 15- and 16-byte
    /// strings around the small-string boundary.
    private static func strings() -> [String] {
        var values: [String] = []
        let twins = "abcdefghijklmnop".map { "application/vnd.\($0)oogle-apps.folder" }
        for round in 0..<40 {
            values.append(twins[round % twins.count])
            values.append(twins[(round * 7 + 3) % twins.count])
            values.append("1a2B3c4D5e6F7g8H9i0JkLmNoPqRsT\(round)")  // unique
            values.append("0AbCdEfGhIjKlMnOpQ")  // repeated, 18 bytes
            values.append(round % 2 == 0 ? "exactly15bytes!" : "exactly16bytes!!")
            values.append(String(repeating: "x", count: 16 + round % 3) + "tail")
            values.append("https://drive-thirdparty.googleusercontent.com/16/type/application/pdf")
        }
        return values
    }

    private static func document(_ values: [String]) throws -> Data {
        try JSONEncoder().encode(values)
    }

    @Test func repeatedAndCollidingLongStringsDecodeToTheirOwnValues() throws {
        let values = Self.strings()
        let json = try Self.document(values)
        #expect(json.count >= 2048, "the cache only works on documents of 2 KB or more")
        #expect(try JSONDecoder().decode([String].self, from: json) == values)
        #expect(try GoogleJSONDecoder().decode([String].self, from: json) == values)
        #expect(try Self.codablePath.decode([String].self, from: json) == values)
        #expect(try JSONValue(parsing: json) == .array(values.map { .string($0) }))
    }

    @Test func stringsInsideObjectsAndMapsDecodeToTheirOwnValues() throws {
        // Map keys and values go through the same cache as array elements.
        let values = Self.strings()
        var maps: [[String: String]] = []
        for (index, value) in values.enumerated() {
            maps.append([value: values[(index * 5) % values.count], "k\(index % 3)": value])
        }
        let json = try JSONEncoder().encode(maps)
        let expected = try JSONDecoder().decode([[String: String]].self, from: json)
        #expect(expected == maps)
        #expect(try GoogleJSONDecoder().decode([[String: String]].self, from: json) == expected)
        #expect(try Self.codablePath.decode([[String: String]].self, from: json) == expected)
    }

    @Test func aDocumentTooSmallForTheCacheDecodesTheSame() throws {
        let values = ["0AbCdEfGhIjKlMnOpQ", "0AbCdEfGhIjKlMnOpQ", "0AbCdEfGhIjKlMnOpR", "0AbCdEfGhIjKlMnOpQ"]
        let json = try Self.document(values)
        #expect(try GoogleJSONDecoder().decode([String].self, from: json) == values)
    }

    // MARK: - Short arrays

    @Test func emptyAndOneElementArraysMatchFoundation() throws {
        // Arrays of zero and one element are built as literals, longer ones in place.
        let json = Data(
            #"""
            [[], ["0AbCdEfGhIjKlMnOpQ"], ["a", "b"], [], ["only"], ["x", "y", "z"], ["0AbCdEfGhIjKlMnOpQ"]]
            """#.utf8)
        let expected = try JSONDecoder().decode([[String]].self, from: json)
        #expect(try GoogleJSONDecoder().decode([[String]].self, from: json) == expected)
        let numbers = Data("[[], [7], [1, 2], [[]], [[3]]]".utf8)
        #expect(
            try GoogleJSONDecoder().decode([JSONValue].self, from: numbers)
                == (try JSONDecoder().decode([JSONValue].self, from: numbers)))
        #expect(try GoogleJSONDecoder().decode([[Int]].self, from: Data("[[], [7], [1, 2]]".utf8)) == [[], [7], [1, 2]])
    }

    @Test func aBadOnlyElementIsATypedErrorWithItsPath() throws {
        let json = Data(#"{"a": [["fine"], [3]]}"#.utf8)
        do {
            _ = try GoogleJSONDecoder().decode([String: [[String]]].self, from: json)
            Issue.record("decoded a number as a string")
        } catch let error as GoogleJSONDecodingError {
            #expect(error.kind == .typeMismatch)
            #expect(error.path == "a[1][0]")
        }
    }
}
