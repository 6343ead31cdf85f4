import Foundation
import Testing

@testable import GoogleAPIRuntime

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

    /// A batch part whose nested response declares a negative length (found by "batch response
    /// parser" with `FUZZ_ROUNDS=50`): `prefix(-5)` trapped ("Can't take a prefix of negative
    /// length"). Now an invalid length is ignored like a missing one, as is a signed one.
    @Test("A batch part with a negative or signed Content-Length parses, its body untouched")
    func negativeContentLengthInBatchPart() throws {
        for declared in ["-5", "+2", "5.0"] {
            let body = Data(
                ("--b\r\nContent-Type: application/http\r\nContent-ID: <response-item0>\r\n\r\n"
                    + "HTTP/1.1 200 OK\r\nContent-Length: \(declared)\r\n\r\n{\"a\":1}\r\n--b--\r\n").utf8)
            let results = try BatchResponseParser.parse(body, contentType: "multipart/mixed; boundary=b", firstIndex: 0, count: 1)
            #expect(results.count == 1)
            #expect(results.first?.status == 200)
            #expect(results.first.map { String(decoding: $0.body, as: UTF8.self) } == #"{"a":1}"#, "\(declared)")
        }
    }
}
