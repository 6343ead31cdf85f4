import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

@Suite struct LocalHTTPServerStreamingBodyTests {
    /// Counts streamed bytes and a simple checksum without keeping them.
    private static let countingHandler: HTTPServerHandler = { request in
        guard let stream = request.bodyStream else { return .text("buffered \(request.body.count)") }
        var total = 0
        var checksum: UInt64 = 0
        do {
            for try await piece in stream {
                total += piece.count
                for byte in piece { checksum = checksum &* 31 &+ UInt64(byte) }
            }
        } catch {
            return .text("error \(error)", status: 400)
        }
        return .text("streamed \(total) \(checksum)")
    }

    private static func checksum(_ data: Data) -> UInt64 {
        data.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
    }

    private func configuration() -> LocalHTTPServer.Configuration {
        .init(maxBodyBytes: 1024, streamRequestBody: LocalHTTPServer.Configuration.streamingBodies(forPathPrefixes: ["/upload"]))
    }

    @Test func largeUploadIsStreamedNotBuffered() async throws {
        let server = try startServer(configuration(), handler: Self.countingHandler)
        let size = 24 * 1024 * 1024
        let block = patternBytes(1 << 20)
        let expectedChecksum = Self.checksum(Data((0..<24).flatMap { _ in block }))
        let response = try await onThread {
            let socket = try RawSocket(port: server.port, timeoutSeconds: 30)
            try socket.send("PUT /upload/big HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
            for _ in 0..<24 { try socket.send(Array(block)) }
            return try socket.readResponse()
        }
        // maxBodyBytes is 1 KiB, so only a streamed body can get through.
        #expect(response.text == "streamed \(size) \(expectedChecksum)")
    }

    @Test func chunkedUploadStreamsAndOtherPathsBuffer() async throws {
        let server = try startServer(configuration(), handler: Self.countingHandler)
        let (streamed, buffered) = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("POST /upload/c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            let first = try socket.readResponse()
            try socket.send("POST /other HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz")
            return (first.text, try socket.readResponse().text)
        }
        #expect(streamed == "streamed 5 \(Self.checksum(Data("abcde".utf8)))")
        #expect(buffered == "buffered 3")
    }

    @Test func unreadSmallRemainderIsDrainedAndConnectionKept() async throws {
        let server = try startServer(configuration()) { request in
            _ = request.bodyStream
            return .text("ignored")
        }
        let texts = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /upload/x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789")
            let first = try socket.readResponse()
            try socket.send("GET /upload/y HTTP/1.1\r\nHost: x\r\n\r\n")
            return [first.text, try socket.readResponse().text]
        }
        #expect(texts == ["ignored", "ignored"])
        #expect(server.connectionsAccepted == 1)
    }

    @Test func expectContinueIsSentOnFirstRead() async throws {
        let server = try startServer(configuration(), handler: Self.countingHandler)
        let (interim, final) = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /upload/e HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
            let interim = try socket.readResponse()
            try socket.send("abc")
            return (interim.status, try socket.readResponse().text)
        }
        #expect(interim == 100)
        #expect(final.hasPrefix("streamed 3 "))
    }

    @Test func clientDisconnectMidBodySurfacesAsError() async throws {
        let observed = Mutex<String?>(nil)
        let server = try startServer(configuration()) { request in
            do {
                _ = try await request.bodyStream?.collect(upTo: .max)
                observed.withLock { $0 = "complete" }
            } catch let error as HTTPServerBodyError {
                observed.withLock { $0 = "\(error.kind)" }
            } catch {
                observed.withLock { $0 = "other" }
            }
            return .text("done")
        }
        try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /upload/cut HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\nonly a little")
        }
        try await waitUntil { observed.withLock { $0 != nil } }
        #expect(observed.withLock { $0 } == "connectionClosed")
    }
}
