import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct LocalHTTPServerBasicsTests {
    @Test func servesSimpleGetAndReportsPort() async throws {
        let server = try startServer()
        try await onThread {
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /hello/w%20rld?a=1&b=x+y HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try socket.readResponse()
            #expect(response.status == 200)
            #expect(response.header("X-Path") == "/hello/w rld")
            #expect(response.header("Content-Length") == "0")
        }
    }

    @Test func timeoutsOfInt64MaxSecondsServeRequests() async throws {
        // Each wait turned its remaining time into poll milliseconds with `seconds * 1000`, which
        // overflowed (a trap in the server) for a timeout this long.
        let server = try startServer(
            .init(idleTimeout: .seconds(Int64.max), readTimeout: .seconds(Int64.max), requestHeadTimeout: .seconds(Int64.max)))
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            #expect(try socket.readResponse().text == "hello")
            try socket.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try socket.readResponse().header("X-Path") == "/b")
        }
    }

    @Test func parsesQueryItems() async throws {
        let server = try startServer { request in
            .text(request.queryValues("a").joined(separator: ",") + "|" + (request.queryValue("b") ?? "-"))
        }
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /q?a=1&b=x+y%21&a=2 HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try socket.readResponse().text == "1,2|x y!")
        }
    }

    @Test func keepAliveReusesConnection() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
            let first = try socket.readResponse()
            try socket.send("GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            let second = try socket.readResponse()
            #expect(first.text == "hello")
            #expect(second.header("X-Path") == "/b")
            #expect(first.header("X-Connection") == second.header("X-Connection"))
            #expect(server.connectionsAccepted == 1)
            #expect(server.requestsHandled == 2)
        }
    }

    @Test func pipelinedRequestsAnswerInOrder() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            var batch = ""
            for index in 0..<5 {
                batch += "POST /p\(index) HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\n\(index)"
            }
            try socket.send(batch)
            for index in 0..<5 {
                let response = try socket.readResponse()
                #expect(response.header("X-Path") == "/p\(index)")
                #expect(response.text == "\(index)")
            }
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let response = try socket.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(socket.isClosedByPeer())
        }
    }

    @Test func http10ClosesUnlessKeepAlive() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET /old HTTP/1.0\r\n\r\n")
            #expect(try socket.readResponse().status == 200)
            #expect(socket.isClosedByPeer())

            let kept = try RawSocket(port: server.port)
            try kept.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try kept.readResponse().header("Connection") == "keep-alive")
            try kept.send("GET /again HTTP/1.0\r\n\r\n")
            #expect(try kept.readResponse().header("X-Path") == "/again")
        }
    }

    @Test func chunkedRequestBodyWithTrailers() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send(
                "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5;ext=1\r\nhello\r\nA\r\n, world!!!\r\n0\r\nX-Trailer: yes\r\n\r\n"
                    + "GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try socket.readResponse()
            #expect(response.text == "hello, world!!!")
            #expect(try socket.readResponse().header("X-Path") == "/next")
        }
    }

    @Test func headResponseHasLengthButNoBody() async throws {
        let server = try startServer { _ in .text("twelve bytes") }
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try socket.readResponse(forHead: true)
            #expect(head.header("Content-Length") == "12")
            // If HEAD had carried a body, this would read "twelve bytes" as the next status line.
            let get = try socket.readResponse()
            #expect(get.text == "twelve bytes")
        }
    }

    @Test func expectContinueIsAnswered() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /e HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            let interim = try socket.readResponse()
            #expect(interim.status == 100)
            try socket.send("data")
            let final = try socket.readResponse()
            #expect(final.status == 200)
            #expect(final.text == "data")
        }
    }

    @Test func stopClosesConnectionsAndIsIdempotent() async throws {
        let server = try startServer()
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try socket.readResponse()
            server.stop()
            server.stop()
            #expect(socket.isClosedByPeer())
            #expect(throws: RawSocket.Failure.self) { _ = try RawSocket(port: server.port) }
        }
    }

    @Test func startTwiceThrowsTypedError() throws {
        let server = try startServer()
        #expect(throws: LocalHTTPServerError.self) { try server.start() }
        let clash = LocalHTTPServer(configuration: .init(port: server.port)) { _ in .notFound }
        do {
            try clash.start()
            Issue.record("binding a used port should fail")
        } catch {
            #expect(error.kind == .bindFailed)
        }
    }

    @Test func ipv6LoopbackWorksWhenAvailable() throws {
        let server = LocalHTTPServer(configuration: .init(host: .ipv6Loopback)) { _ in .text("v6") }
        do {
            try server.start()
        } catch {
            // Containers without IPv6 cannot bind ::1; nothing else to check then.
            return
        }
        #expect(server.baseURL.absoluteString == "http://[::1]:\(server.port)")
    }

    @Test func hostParsingAcceptsLiteralsOnly() {
        #expect(LocalHTTPServer.Configuration.Host("127.0.0.1")?.family == .ipv4)
        #expect(LocalHTTPServer.Configuration.Host("[::1]")?.family == .ipv6)
        #expect(LocalHTTPServer.Configuration.Host("localhost")?.address == "127.0.0.1")
        #expect(LocalHTTPServer.Configuration.Host("example.com") == nil)
    }
}

// MARK: - Responses in progress

/// `responsesInProgress` counts requests being answered, not idle keep-alive connections: the
/// OAuth loopback listener waits for it (a browser keeps spare connections open and idle).
@Suite struct LocalHTTPServerResponsesInProgressTests {
    @Test("idle connections are not responses in progress; a request is until its answer is written")
    func countsOnlyRequestsBeingAnswered() async throws {
        let release = Atomic<Bool>(false)
        // Long idle timeouts: on a loaded machine the test can wait longer than the default 30 s
        // for a thread, and the idle connection must still be open when it is counted.
        let server = try startServer(.init(idleTimeout: .seconds(600), requestHeadTimeout: .seconds(600))) { _ in
            while !release.load(ordering: .relaxed) { try? await Task.sleep(for: .milliseconds(5)) }
            return .text("done")
        }
        // A connection that sends nothing, as a browser's spare one.
        let idle = IdleConnection(port: server.port)
        defer { idle.close() }
        #expect(await waitUntil { server.openConnections == 1 })
        #expect(server.responsesInProgress == 0)

        let transport = CurlTransport()
        async let answer = transport.send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("slow")))
        #expect(await waitUntil { server.responsesInProgress == 1 })
        release.store(true, ordering: .relaxed)
        #expect(String(decoding: try await answer.body, as: UTF8.self) == "done")
        #expect(await waitUntil { server.responsesInProgress == 0 })
        #expect(server.openConnections == 2, "both connections still open: the idle one never counted")
    }
}

/// A connected socket that never sends anything (closed by ``close()``).
private struct IdleConnection: Sendable {
    let fd: Int32

    init(port: Int) {
        let socket = try? RawSocket(port: port)
        fd = socket.map { dup($0.fd) } ?? -1
    }

    func close() { _ = SystemCall.close(fd) }
}
