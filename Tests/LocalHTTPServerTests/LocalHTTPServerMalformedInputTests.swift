import Foundation
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

@Suite struct LocalHTTPServerMalformedInputTests {
    /// Sends `bytes` on a fresh connection and returns the status and whether the server closed.
    private func exchange(_ server: LocalHTTPServer, _ text: String, expectClose: Bool = true) async throws -> (status: Int, closed: Bool) {
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send(text)
            let response = try socket.readResponse()
            return (response.status, expectClose ? socket.isClosedByPeer() : false)
        }
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\n\r\n",
        "GET / HTTP/1.1 extra\r\n\r\n",
        "GET nopath HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        "GET / HTTX/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Name: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: a\r\n folded\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
    ])
    func malformedHeadsGet400AndClose(request: String) async throws {
        let server = try startServer()
        let (status, closed) = try await exchange(server, request)
        #expect(status == 400)
        #expect(closed)
        #expect(server.requestsHandled == 0)
    }

    @Test func unsupportedVersionGets505() async throws {
        let server = try startServer()
        #expect(try await exchange(server, "GET / HTTP/2.0\r\n\r\n").status == 505)
    }

    @Test(arguments: [
        "zz\r\nhello\r\n0\r\n\r\n",
        "5\r\nhelloXX0\r\n\r\n",
        "\r\nhello\r\n0\r\n\r\n",
        "fffffffffffffffff\r\n",
    ])
    func badChunkedEncodingGets400(body: String) async throws {
        let server = try startServer()
        let (status, closed) = try await exchange(
            server, "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
        #expect(status == 400)
        #expect(closed)
    }

    @Test func oversizedHeadGets431() async throws {
        let server = try startServer(.init(maxHeaderBytes: 1024))
        let big = String(repeating: "a", count: 2000)
        let (status, closed) = try await exchange(server, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(big)\r\n\r\n")
        #expect(status == 431)
        #expect(closed)
        // A head that never ends is cut off at the limit too.
        let endless = try await exchange(server, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(big)")
        #expect(endless.status == 431)
    }

    @Test func oversizedBodyGets413() async throws {
        let server = try startServer(.init(maxBodyBytes: 100))
        let declared = try await exchange(server, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 101\r\n\r\n")
        #expect(declared.status == 413)
        #expect(declared.closed)
        let chunk = String(repeating: "b", count: 60)
        let chunked = try await exchange(
            server, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n3c\r\n\(chunk)\r\n3c\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(chunked.status == 413)
        let exact = try await exchange(
            server, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n" + String(repeating: "c", count: 100),
            expectClose: false)
        #expect(exact.status == 200)
    }

    @Test func randomGarbageNeverCrashesOrLeaks() async throws {
        let server = try startServer()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let length = Int.random(in: 1...3000, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0 { bytes += Array("\r\n\r\n".utf8) }
            let payload = bytes
            try await onThread {
                let socket = try RawSocket(port: server.port, timeoutSeconds: 5)
                try? socket.send(payload)
                socket.shutdownWrite()
                _ = socket.readToEnd()
            }
        }
        // The server still answers normally afterwards.
        let (status, _) = try await exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", expectClose: false)
        #expect(status == 200)
        #expect(await waitUntil { server.openConnections == 0 })
        #expect(leakedServerSockets(port: server.port) == 0)
    }

    @Test func halfRequestsAndAbruptDisconnectsAreCleanedUp() async throws {
        let server = try startServer()
        try await onThread {
            for partial in [
                "GET / HT", "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nonly-some",
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost",
            ] {
                let socket = try RawSocket(port: server.port)
                try socket.send(partial)
                // Released here: the client vanishes mid-request.
                _ = socket
            }
        }
        #expect(await waitUntil { server.openConnections == 0 && server.connectionsAccepted == 3 })
        let (status, _) = try await exchange(server, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", expectClose: false)
        #expect(status == 200)
        #expect(server.requestsHandled == 1)
    }

    @Test func idleKeepAliveConnectionsTimeOut() async throws {
        let server = try startServer(.init(idleTimeout: .milliseconds(200)))
        let closed = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = try socket.readResponse()
            return socket.isClosedByPeer()
        }
        #expect(closed)
    }
}
