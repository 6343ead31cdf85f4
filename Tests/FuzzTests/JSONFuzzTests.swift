import Foundation
import GoogleAPIRuntime
import GoogleDrive
import Testing

/// Mutated emulator JSON into the JSON decoder (generated types on the fast path, a probe type
/// with every number width and format, untyped ``JSONValue``) and into the error-body parsers.
@Suite("Fuzz: JSON")
struct JSONFuzzTests {
    /// Every number width, the string formats and nesting, so range checks and format parsers run.
    struct Probe: Codable, Equatable {
        var i8: Int8?
        var u8: UInt8?
        var i32: Int32?
        var u32: UInt32?
        var int: Int?
        var i64: Int64?
        var u64: UInt64?
        var double: Double?
        var float: Float?
        var flag: Bool?
        var date: Date?
        var data: Data?
        var url: URL?
        var map: [String: Int]?
        var nested: [[Double]]?
        var text: String?
    }

    static let probeSamples = [
        #"{"i8":-12,"u8":200,"i32":-2147483648,"u32":4294967295,"int":-5,"i64":"9223372036854775807","u64":"18446744073709551615","#
            + #""double":1.5e300,"float":3.25,"flag":true,"date":"2024-02-29T23:59:60.123456Z","data":"aGVsbG8gd29ybGQ=","#
            + #""url":"https://www.googleapis.com/drive/v3/files?q=a%20b","map":{"a":1,"b":-2},"nested":[[1,2.5],[],[-0.0]],"#
            + #""text":"\u00e9\ud83d\ude00\n\"quoted\""}"#,
        #"{"i8":0,"u8":0,"double":-0,"float":1e-45,"date":"1970-01-01T00:00:00+05:30","data":"","nested":[],"map":{}}"#,
        #"{"text":null,"flag":false,"i64":-9223372036854775808,"u64":0}"#,
    ]

    @Test("Decoding mutated JSON gives a value or a GoogleJSONDecodingError, typed and untyped")
    func decoder() async throws {
        let samples = try await FuzzSamples.emulatorResponses()
        let corpus = samples.json + samples.errorBodies + Self.probeSamples.map { Array($0.utf8) }
        let decoder = GoogleJSONDecoder()
        var values = 0
        var errors = 0
        func attempt(_ body: () throws -> Void) {
            do {
                try body()
                values += 1
            } catch is GoogleJSONDecodingError {
                errors += 1
            } catch {
                Issue.record("untyped decoding error \(type(of: error)): \(error)")
            }
        }
        let ran = await Fuzzer.run(
            "JSON decoder", seed: 0x4A53_4F4E_0001, samples: corpus, count: 1500,
            dictionary: ["\"files\":", "\"kind\":", "\"size\":\"", "\"items\":[", "\"modifiedTime\":\"", "\"id\":"]
        ) { input in
            let data = Data(input)
            attempt { _ = try decoder.decode(JSONValue.self, from: data) }
            attempt { _ = try decoder.decode(Drive.FileList.self, from: data) }
            attempt { _ = try decoder.decode(Drive.File.self, from: data) }
            attempt { _ = try decoder.decode(Drive.About.self, from: data) }
            attempt { _ = try decoder.decode(Probe.self, from: data) }
            attempt { _ = try input.withUnsafeBytes { try decoder.decode([String: JSONValue].self, from: $0) } }
        }
        #expect(ran == 1500)
        #expect(values > 0 && errors > 0, "values \(values), errors \(errors)")
    }

    @Test("Error bodies of any shape become a GoogleAPIError whose description stays short")
    func errorBodies() async throws {
        let samples = try await FuzzSamples.emulatorResponses()
        let ran = await Fuzzer.run(
            "Google error body", seed: 0x4552_5230_0002, samples: samples.errorBodies + samples.json, count: 1500,
            dictionary: ["\"error\":{", "\"errors\":[{", "\"reason\":\"", "\"details\":[", "\"message\":\""]
        ) { input in
            let error = GoogleAPIError(status: 400 + Int(input.first ?? 0) % 200, headers: [:], body: Data(input))
            #expect(error.description.count < 4096)
        }
        #expect(ran == 1500)
    }
}
