import Foundation
@_spi(Generated) import GoogleJSON
import Testing

// MARK: - Conformances without the SPI initializer

/// A conformance may leave out `init(googleJSON:)` (an `@_spi(Generated)` requirement, so conforming
/// needs the SPI import): the protocol's default decodes through the type's own `init(from:)`. A type with neither initializer would bounce between the two defaults forever;
/// it must get a typed error instead, whichever way it is reached.
@Suite struct GoogleJSONFastDecodableFallbackTests {
    /// Decodes through its own `init(from:)`, written by hand.
    struct Handwritten: GoogleJSONFastDecodable, Equatable {
        var name: String

        init(name: String) {
            self.name = name
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            name = try container.decode(String.self, forKey: .name).uppercased()
        }

        enum Key: String, CodingKey { case name }
    }

    /// Implements neither initializer; the compiler takes the protocol's default `init(from:)`
    /// rather than synthesizing one.
    struct Neither: GoogleJSONFastDecodable {
        var name: String?
    }

    struct Envelope: Decodable {
        var items: [Neither]
    }

    @Test func ownInitFromServesTheFastPath() throws {
        let json = Data(#"[{"name": "a"}, {"name": "b"}]"#.utf8)
        // `[Handwritten]` is fast-decodable: its elements go through the default
        // `init(googleJSON:)`, which calls the handwritten `init(from:)`.
        #expect(try GoogleJSONDecoder().decode([Handwritten].self, from: json) == [.init(name: "A"), .init(name: "B")])
        #expect(try GoogleJSONDecoder().decode(Handwritten.self, from: Data(#"{"name": "c"}"#.utf8)) == .init(name: "C"))
    }

    @Test func typeWithNeitherInitializerThrowsInsteadOfRecursing() throws {
        let json = Data(#"{"items": [{"name": "a"}, {"name": "b"}]}"#.utf8)
        // At the root, in a fast-decodable array, inside a Codable envelope: each ends in the
        // typed error at the value's path, never in a stack overflow.
        let root = try #require(throws: GoogleJSONDecodingError.self) {
            try GoogleJSONDecoder().decode(Neither.self, from: Data(#"{"name": "a"}"#.utf8))
        }
        #expect(root.kind == .missingDecoder)
        #expect(root.path == "")
        #expect(root.message.contains("Neither"))
        let array = try #require(throws: GoogleJSONDecodingError.self) {
            try GoogleJSONDecoder().decode([Neither].self, from: Data(#"[{"name": "a"}]"#.utf8))
        }
        #expect(array.kind == .missingDecoder)
        #expect(array.path == "[0]")
        let nested = try #require(throws: GoogleJSONDecodingError.self) { try GoogleJSONDecoder().decode(Envelope.self, from: json) }
        #expect(nested.kind == .missingDecoder)
        #expect(nested.path == "items[0]")
        // Foundation's decoder reaches it through the default `init(from:)`'s generic path.
        let foreign = try #require(throws: DecodingError.self) { try JSONDecoder().decode(Envelope.self, from: json) }
        guard case .dataCorrupted(let context) = foreign else {
            Issue.record("expected dataCorrupted, got \(foreign)")
            return
        }
        #expect((context.underlyingError as? GoogleJSONDecodingError)?.kind == .missingDecoder)
    }
}
