import Foundation
import GoogleAPICodegenKit
import Testing

/// Mutated Discovery documents (the codegen's fixtures and a real spec) into the parser's public
/// entry point: a document or a DiscoveryParseError.
@Suite("Fuzz: Discovery documents")
struct DiscoveryFuzzTests {
    static let tokens = [
        "\"schemas\":{", "\"$ref\":\"", "\"type\":\"object\"", "\"type\":\"array\"", "\"items\":{", "\"properties\":{",
        "\"resources\":{", "\"methods\":{", "\"parameters\":{", "\"format\":\"int64\"", "\"enum\":[", "\"required\":true",
        "\"additionalProperties\":{", "\"mediaUpload\":{", "\"maxSize\":\"", "\"path\":\"", "{+", "}",
    ]

    @Test("Small documents: a DiscoveryDocument or a DiscoveryParseError")
    func fixtures() async throws {
        let names = ["formats", "methods", "naming", "recursion"]
        let samples = try names.map { try FuzzSamples.file("Codegen/Tests/GoogleAPICodegenKitTests/Fixtures/\($0).json") }
        var parsed = 0
        let ran = await Fuzzer.run(
            "Discovery parser (fixtures)", seed: 0x4449_5343_0011, samples: samples, count: 1200,
            maxLength: 8192, dictionary: Self.tokens
        ) { input in
            // Typed throws: a document or DiscoveryParseError.
            if (try? DiscoveryParser.parse(Data(input), file: "fuzz.json")) != nil { parsed += 1 }
        }
        #expect(ran == 1200)
        #expect(parsed > 0)
    }

    @Test("A real spec (Drive v3), lightly mutated")
    func realSpec() async throws {
        let drive = try FuzzSamples.file("Specs/drive.v3.json")
        var parsed = 0
        let ran = await Fuzzer.run(
            "Discovery parser (Drive v3)", seed: 0x4452_4956_0012, samples: [drive], count: 12,
            maxLength: drive.count + 4096, dictionary: Self.tokens
        ) { input in
            if (try? DiscoveryParser.parse(Data(input), file: "drive.v3.json")) != nil { parsed += 1 }
        }
        #expect(ran == 12)
        #expect(parsed > 0)
    }
}
