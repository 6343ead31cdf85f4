import Foundation
import Testing

@testable import GoogleAPIRuntime

// MARK: - ParsedErrorBody

/// The session's parse of a 403 body (for the retry decision) is handed to the error thrown for
/// the same response, so a failure's body is parsed once.
@Suite("ParsedErrorBody")
struct ParsedErrorBodyTests {
    private let forbidden = Data(#"{"error":{"code":403,"message":"Forbidden","errors":[{"reason":"insufficientFilePermissions"}]}}"#.utf8)

    @Test func theRetryDecisionsParseIsTakenOnceForTheSameBody() throws {
        let memo = ParsedErrorBody()
        let parsed = memo.parse(forbidden)
        #expect(GoogleErrorReasons.reasons(in: parsed) == ["insufficientFilePermissions"])
        #expect(memo.take(Data(#"{"error":"other"}"#.utf8)) == nil, "another body is not served the kept parse")
        #expect(memo.take(forbidden) == parsed)
        #expect(memo.take(forbidden) == nil, "taken once")

        let error = GoogleAPIError(status: 403, headers: [:], body: forbidden, parsed: parsed)
        #expect(error == GoogleAPIError(status: 403, body: forbidden))
        #expect(error.reasons == ["insufficientFilePermissions"])
    }

    @Test func nonJSONAndOversizedBodies() throws {
        let memo = ParsedErrorBody()
        #expect(memo.parse(Data("<html>quota</html>".utf8)) == .null)
        #expect(memo.take(Data("<html>quota</html>".utf8)) == .null)
        let html = GoogleAPIError(status: 403, headers: [:], body: Data("<html>quota</html>".utf8), parsed: .null)
        #expect(html.rawBody == "<html>quota</html>")

        let large =
            Data(#"{"error":{"errors":[{"reason":"rateLimitExceeded"}],"message":""#.utf8)
            + Data(repeating: UInt8(ascii: "x"), count: ParsedErrorBody.sizeLimit) + Data(#""}}"#.utf8)
        #expect(GoogleErrorReasons.reasons(in: memo.parse(large)) == ["rateLimitExceeded"])
        #expect(memo.take(large) == nil, "bodies over the limit are not kept")
    }

    @Test func reasonsComeFromErrorsAndDetails() throws {
        let body = try JSONValue(
            parsing: Data(#"{"error":{"errors":[{"reason":"a"},{"message":"no reason"}],"details":[{"reason":"b"}]}}"#.utf8))
        #expect(GoogleErrorReasons.reasons(in: body) == ["a", "b"])
        #expect(GoogleErrorReasons.reasons(in: ["error": "invalid_token"]).isEmpty)
        #expect(GoogleErrorReasons.reasons(in: .null).isEmpty)
    }
}
