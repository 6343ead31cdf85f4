import Foundation
import GoogleHTTPTypes
import Testing

@Suite("Multipart bodies")
struct MultipartBodyTests {
    @Test("The boundary comes from the Content-Type, quoted or not")
    func boundary() {
        #expect(MultipartBody.boundary(fromContentType: "multipart/mixed; boundary=abc") == "abc")
        #expect(MultipartBody.boundary(fromContentType: #"multipart/related; charset=x; Boundary="a b""#) == "a b")
        #expect(MultipartBody.boundary(fromContentType: "multipart/mixed") == nil)
        #expect(MultipartBody.boundary(fromContentType: nil) == nil)
    }

    @Test("Serialized parts parse back")
    func roundTrip() throws {
        let parts = [
            MultipartBody.Part(headers: ["Content-Type": "application/json"], body: Data(#"{"a":1}"#.utf8)),
            MultipartBody.Part(headers: ["Content-ID": "<x>"], body: Data("line\r\nline".utf8)),
        ]
        let parsed = try #require(MultipartBody.parse(MultipartBody.serialize(parts, boundary: "B"), boundary: "B"))
        #expect(parsed.map(\.body) == parts.map(\.body))
        #expect(parsed[1].headers["content-id"] == "<x>")
    }

    @Test("A missing closing delimiter is an error unless the caller tolerates it")
    func closingDelimiter() {
        let body = Data("--B\r\nA: 1\r\n\r\none\r\n--B\r\nA: 2\r\n\r\ntwo".utf8)
        #expect(MultipartBody.parse(body, boundary: "B") == nil)
        #expect(
            MultipartBody.parse(body, boundary: "B", requiresClosingDelimiter: false)?.map(\.body) == [Data("one".utf8), Data("two".utf8)])
        #expect(MultipartBody.parse(Data("no parts".utf8), boundary: "B", requiresClosingDelimiter: false) == nil)
    }

    @Test("A part header line without a colon breaks the framing")
    func malformedPart() {
        #expect(MultipartBody.parse(Data("--B\r\nnot a header\r\n\r\nx\r\n--B--".utf8), boundary: "B") == nil)
    }
}
