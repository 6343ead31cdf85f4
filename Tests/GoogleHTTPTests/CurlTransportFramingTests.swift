import Foundation
import GoogleHTTP
import TestSupport
import Testing

// MARK: - Framing and malformed heads

/// Responses that break HTTP's rules fail with `.invalidResponse` and a message naming the cause,
/// where libcurl 7.88 alone accepts them (two `Content-Length`s, `529abc`) or reports something
/// else ("out of memory" for a long header line, a receive error for a header flood).
@Suite("CurlTransport framing")
struct CurlTransportFramingTests {
    static func responder(head: String, body: [UInt8] = Array("hello".utf8)) throws -> RawResponder {
        try RawResponder { connection in
            connection.send(Array(head.utf8) + body)
        }
    }

    static func failure(_ responder: RawResponder, gzip: Bool = false) async throws -> HTTPTransportError {
        var request = GoogleHTTPRequest(url: responder.url("/x"))
        request.acceptsGzip = gzip
        return try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
    }

    @Test(
        "conflicting Content-Length values",
        arguments: [
            "Content-Length: 5\r\nContent-Length: 7\r\n", "Content-Length: 5, 7\r\n",
        ])
    func conflictingLengths(fields: String) async throws {
        let server = try Self.responder(head: "HTTP/1.1 200 OK\r\n\(fields)Connection: close\r\n\r\n", body: Array("hello!!".utf8))
        let error = try await Self.failure(server)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("conflicting Content-Length"))
    }

    @Test("a Content-Length that is not a decimal byte count", arguments: ["529abc", "-5", "+5", "0x10", "5.0"])
    func nonDecimalLength(value: String) async throws {
        let server = try Self.responder(head: "HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\nConnection: close\r\n\r\n")
        let error = try await Self.failure(server)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("not a decimal byte count"))
    }

    @Test("a Content-Length repeated with the same value is accepted, in every sink")
    func repeatedEqualLength() async throws {
        let server = try Self.responder(head: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n")
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.url("/x")))
        #expect(response.body == Data("hello".utf8))
        let stream = try await CurlTransport().stream(GoogleHTTPRequest(url: server.url("/x")))
        #expect(try await stream.body.collect() == Data("hello".utf8))
    }

    /// The transfer thread only records the head's lines; the list callers get is built from them
    /// afterwards: fields in order, repeated ones kept, blanks around values trimmed, and only the
    /// final block of a response that had a 100 Continue.
    @Test("the head's fields arrive in order, repeated, trimmed, from the final block only")
    func headFieldsAsReceived() async throws {
        let head =
            "HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nSet-Cookie: a=1\r\nX-Blank:   \t padded value\t \r\n"
            + "Set-Cookie: b=2\r\nX-Empty:\r\nContent-Length: 5\r\nConnection: close\r\n\r\n"
        let server = try Self.responder(head: head)
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.url("/x")))
        #expect(response.status == 200)
        #expect(response.body == Data("hello".utf8))
        #expect(
            response.headers.fields.map { "\($0.name)=\($0.value)" } == [
                "Set-Cookie=a=1", "X-Blank=padded value", "Set-Cookie=b=2", "X-Empty=", "Content-Length=5", "Connection=close",
            ])
        #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
        #expect(response.headers["X-Interim"] == nil)
    }

    @Test("framing errors fail downloads and streams too")
    func otherSinks() async throws {
        let server = try Self.responder(head: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n")
        let directory = try TemporaryDirectory()
        let download = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().download(GoogleHTTPRequest(url: server.url("/x")), to: directory.file("x"))
        }
        #expect(download.kind == .invalidResponse)
        let stream = try await #require(throws: HTTPTransportError.self) {
            try await CurlTransport().stream(GoogleHTTPRequest(url: server.url("/x")))
        }
        #expect(stream.kind == .invalidResponse)
    }

    @Test("too many header fields")
    func headerFlood() async throws {
        let fields = (0..<5000).map { "X-Flood-\($0): y\r\n" }.joined()
        let server = try Self.responder(head: "HTTP/1.1 200 OK\r\n\(fields)Content-Length: 5\r\n\r\n")
        let error = try await Self.failure(server)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("too many headers"))
    }

    @Test("one header line past libcurl's limit")
    func longHeaderLine() async throws {
        let server = try Self.responder(
            head: "HTTP/1.1 200 OK\r\nX-Long: \(String(repeating: "a", count: 200 << 10))\r\nContent-Length: 5\r\n\r\n")
        let error = try await Self.failure(server)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("header line is longer"))
    }

    @Test("a corrupt gzip body")
    func badGzip() async throws {
        let garbage = GzipBomb.header + [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x13, 0x37, 0x42]
        let server = try Self.responder(
            head: "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(garbage.count)\r\n\r\n", body: garbage)
        let error = try await Self.failure(server, gzip: true)
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("content encoding (gzip) is corrupt"))
    }
}
