import Foundation
import GoogleBase
import GoogleHTTP
import LocalHTTPServer
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Methods, bodies and headers

@Suite("CurlTransport methods and headers")
struct CurlTransportMethodTests {
    static let methods: [GoogleHTTPMethod] = [.get, .post, .put, .patch, .delete, .options, "PROPFIND"]

    @Test("every method without a body", arguments: methods)
    func methodWithoutBody(method: GoogleHTTPMethod) async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let response = try await transport.send(GoogleHTTPRequest(method: method, url: server.url("/echo")))
        #expect(response.status == 200)
        #expect(response.headers["X-Echo-Method"] == method.rawValue)
        #expect(response.headers["X-Echo-Body-Length"] == "0")
        #expect(response.body.isEmpty)
        // curl's automatic `Expect: 100-continue` must never appear.
        #expect(response.headers["X-Echo-Header-Expect"] == nil)
    }

    @Test("every method with a body", arguments: methods)
    func methodWithBody(method: GoogleHTTPMethod) async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let payload = TestPattern.data(offset: 3, count: 70_000)
        let response = try await transport.send(GoogleHTTPRequest(method: method, url: server.url("/echo"), body: .data(payload)))
        #expect(response.status == 200)
        #expect(response.headers["X-Echo-Method"] == method.rawValue)
        #expect(response.headers["X-Echo-Header-Content-Length"] == "70000")
        #expect(response.headers["X-Echo-Header-Expect"] == nil)
        #expect(response.body == payload)
    }

    @Test("HEAD returns the head and no body")
    func head() async throws {
        let server = try TransportTestServer()
        let response = try await CurlTransport().send(GoogleHTTPRequest(method: .head, url: server.url("/bytes/5000")))
        #expect(response.status == 200)
        #expect(response.headers["Content-Length"] == "5000")
        #expect(response.body.isEmpty)
    }

    @Test("POST with an empty body sends Content-Length: 0")
    func emptyPost() async throws {
        let server = try TransportTestServer()
        let response = try await CurlTransport().send(GoogleHTTPRequest(method: .post, url: server.url("/echo")))
        #expect(response.headers["X-Echo-Header-Content-Length"] == "0")
        #expect(response.headers["X-Echo-Header-Content-Type"] == nil)
    }

    @Test("request headers arrive and response headers come back, repeats kept")
    func headersBothWays() async throws {
        let server = try TransportTestServer()
        var headers: GoogleHTTPHeaders = ["X-Custom": "value with  spaces", "Authorization": "Bearer abc"]
        headers.add(name: "X-Repeated", value: "one")
        headers.add(name: "X-Empty", value: "")
        let request = GoogleHTTPRequest(url: server.url("/echo"), headers: headers)
        let response = try await CurlTransport().send(request)
        #expect(response.headers["x-echo-header-x-custom"] == "value with  spaces")
        #expect(response.headers["X-Echo-Header-Authorization"] == "Bearer abc")
        #expect(response.headers["X-Echo-Header-X-Repeated"] == "one")
        #expect(response.headers.contains("X-Echo-Header-X-Empty"))
        #expect(response.headers["X-Echo-Header-User-Agent"] == "google-api-swift/0.1")
        #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
    }

    @Test("a caller's User-Agent and Expect are kept")
    func callerHeadersWin() async throws {
        let server = try TransportTestServer()
        let request = GoogleHTTPRequest(
            method: .put, url: server.url("/echo"), headers: ["User-Agent": "custom/1", "Expect": "100-continue"],
            body: .data(Data("x".utf8)))
        let response = try await CurlTransport().send(request)
        // The server answers `100 Continue` first; only the final block's status and headers count.
        #expect(response.status == 200)
        #expect(response.headers["X-Echo-Method"] == "PUT")
        #expect(response.headers["X-Echo-Header-User-Agent"] == "custom/1")
        #expect(response.headers["X-Echo-Header-Expect"] == "100-continue")
        #expect(response.body == Data("x".utf8))
    }

    @Test("header values with line breaks are rejected before sending")
    func headerInjection() async throws {
        let server = try TransportTestServer()
        let request = GoogleHTTPRequest(url: server.url("/echo"), headers: ["X-Bad": "a\r\nInjected: 1"])
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .other)
        #expect(server.server.requestsHandled == 0)
    }

    @Test("non-HTTP URLs are rejected as invalid")
    func invalidScheme() async throws {
        let request = GoogleHTTPRequest(url: URL(fileURLWithPath: "/etc/passwd"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(request) }
        #expect(error.kind == .invalidURL)
    }

    @Test("redirects are not followed unless asked, then up to the limit")
    func redirects() async throws {
        let server = try TransportTestServer()
        let transport = CurlTransport()
        let unfollowed = try await transport.send(GoogleHTTPRequest(url: server.url("/redirect/2")))
        #expect(unfollowed.status == 302)
        #expect(unfollowed.headers["Location"] == "/redirect/1")

        let followed = try await transport.send(GoogleHTTPRequest(url: server.url("/redirect/3"), followRedirects: true))
        #expect(followed.status == 200)
        #expect(followed.headers["X-Echo-Method"] == "GET")
        #expect(followed.headers["Location"] == nil)

        var configuration = HTTPTransportConfiguration()
        configuration.maxRedirects = 2
        let limited = CurlTransport(configuration: configuration)
        let error = try await #require(throws: HTTPTransportError.self) {
            try await limited.send(GoogleHTTPRequest(url: server.url("/redirect/5"), followRedirects: true))
        }
        #expect(error.kind == .tooManyRedirects)
    }

    @Test("query values are redacted from error URLs")
    func redactedErrors() async throws {
        let closed = try ClosedPort()
        let url = try #require(URL(string: "http://127.0.0.1:\(closed.port)/x?access_token=secret123"))
        let error = try await #require(throws: HTTPTransportError.self) { try await CurlTransport().send(GoogleHTTPRequest(url: url)) }
        #expect(!error.url.contains("secret123"))
        #expect(!error.message.contains("secret123"))
        #expect(!"\(error)".contains("secret123"))
        withExtendedLifetime(closed) {}
    }

    @Test("progress reports bytes in both directions")
    func progress() async throws {
        let server = try TransportTestServer()
        let seen = ProgressRecorder()
        let payload = TestPattern.data(offset: 0, count: 3 << 20)
        let request = GoogleHTTPRequest(method: .post, url: server.url("/echo"), body: .data(payload), progress: { seen.record($0) })
        let response = try await CurlTransport().send(request)
        #expect(response.body.count == payload.count)
        let last = try #require(seen.last)
        #expect(last.bytesSent == Int64(payload.count))
        #expect(last.bytesReceived == Int64(payload.count))
        #expect(last.totalBytesToSend == Int64(payload.count))
    }
}

// MARK: - Helpers

/// Records the last progress report from the transport's thread.
final class ProgressRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: HTTPProgress?

    func record(_ progress: HTTPProgress) {
        lock.withLock { latest = progress }
    }

    var last: HTTPProgress? { lock.withLock { latest } }
}

/// A loopback port nobody listens on: bound but never listening, and held until released, so no
/// server started by a parallel test can take the port in the meantime (a port that was bound
/// and closed again is free for the next `bind` to port 0). Connecting to it is refused.
final class ClosedPort: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, SystemCall.streamSocketType, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        close(descriptor)
    }
}
