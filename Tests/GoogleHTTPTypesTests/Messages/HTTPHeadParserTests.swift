import Foundation
import GoogleHTTPTypes
import Testing

@Suite("HTTP head parsing")
struct HTTPHeadParserTests {
    private func parse(_ text: String) throws(RequestHeadError) -> RequestHead {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(RequestHeadError) in try HTTPHeadParser.parse(buffer) }
    }

    @Test("A strict request head: line, fields, case-insensitive lookup")
    func requestHead() throws {
        let head = try parse("GET /a?b=c HTTP/1.1\r\nHost: x\r\nX-Long:   spaced  \r\n\r\n")
        #expect(head.method == .get)
        #expect(head.target == "/a?b=c")
        #expect(head.minorVersion == 1)
        #expect(head.headers["x-long"] == "spaced")
    }

    @Test("Malformed request heads are rejected with the status to answer")
    func rejected() {
        #expect(throws: RequestHeadError.self) { try parse("GET /a\r\n\r\n") }
        #expect(throws: RequestHeadError.self) { try parse("GET /a HTTP/1.1\r\n folded: no\r\n\r\n") }
        #expect((try? parse("GET /a HTTP/2.0\r\n\r\n")) == nil)
        #expect(RequestHeadError.versionNotSupported.status == 505)
    }

    @Test("Nested batch requests: version optional, bare LF, body kept")
    func nestedRequest() throws {
        let parsed = try #require(
            HTTPHeadParser.parseNestedRequest(Data("PATCH /drive/v3/files/1\nContent-Type: application/json\n\n{}".utf8)))
        #expect(parsed.method == .patch)
        #expect(parsed.target == "/drive/v3/files/1")
        #expect(parsed.headers["Content-Type"] == "application/json")
        #expect(parsed.body == Data("{}".utf8))
        #expect(HTTPHeadParser.parseNestedRequest(Data("GET".utf8)) == nil)
    }

    @Test("Nested batch responses: status line, headers, body")
    func nestedResponse() throws {
        let parsed = try #require(HTTPHeadParser.parseNestedResponse(Data("HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}".utf8)))
        #expect(parsed.status == 404)
        #expect(parsed.headers["content-length"] == "2")
        #expect(parsed.body == Data("{}".utf8))
        #expect(HTTPHeadParser.parseNestedResponse(Data("HTTP/1.1 OK\r\n\r\n".utf8)) == nil)
        #expect(HTTPHeadParser.parseNestedResponse(Data("200 OK\r\n\r\n".utf8)) == nil)
    }
}
