import Foundation
import GoogleAPIRuntime
import Testing

/// Inputs the fuzz suites found crashing a parser, kept so the crash stays fixed.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// A key with a stray UTF-8 continuation byte (found by "Google error body", seed 0x4552_5230_0002,
    /// input 29): decoding the key failed, the error asked for its path, the path decoded the key
    /// again, and the recursion overflowed the stack (SIGSEGV).
    static let strayContinuationByteInKey: [UInt8] =
        Array(#"{"error":{"code":1,"em"#.utf8) + [0xA5] + Array(#"il":"x","errors":[{"reason":"r"}]}}"#.utf8)

    @Test("An invalid UTF-8 key is a typed error naming the path, not a stack overflow")
    func invalidUTF8Key() throws {
        let data = Data(Self.strayContinuationByteInKey)
        let error = #expect(throws: GoogleJSONDecodingError.self) { _ = try GoogleJSONDecoder().decode(JSONValue.self, from: data) }
        #expect(error?.kind == .invalidFormat)
        #expect(error?.path.hasPrefix("error.em") == true, "\(String(describing: error?.path))")
        let apiError = GoogleAPIError(status: 400, body: data)
        #expect(apiError.status == 400)
        let nestedKey = Data(#"{"a":{"b":{""#.utf8) + Data([0xC3, 0x28]) + Data(#"":1}}}"#.utf8)
        #expect(throws: GoogleJSONDecodingError.self) { _ = try GoogleJSONDecoder().decode(JSONValue.self, from: nestedKey) }
    }
}
