import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

@Suite struct LocalHTTPServerStreamingBodyTests {
    /// Compares streamed bytes against the repeating 1 MiB test block as they arrive, without
    /// keeping them (Data comparison is a memcmp, cheap even in debug builds).
    private static let block = patternBytes(1 << 20)

    private static let countingHandler: HTTPServerHandler = { request in
        guard let stream = request.bodyStream else { return .text("buffered \(request.body.count)") }
        var total = 0
        var intact = true
        do {
            for try await piece in stream {
                var offset = 0
                while offset < piece.count {
                    let position = (total + offset) % block.count
                    let length = min(piece.count - offset, block.count - position)
                    let start = piece.startIndex + offset
                    if piece[start..<(start + length)] != block[position..<(position + length)] { intact = false }
                    offset += length
                }
                total += piece.count
            }
        } catch {
            return .text("error \(error)", status: 400)
        }
        return .text("streamed \(total) \(intact ? "intact" : "corrupt")")
    }

    private func configuration() -> LocalHTTPServer.Configuration {
        .init(maxBodyBytes: 1024, streamRequestBody: LocalHTTPServer.Configuration.streamingBodies(forPathPrefixes: ["/upload"]))
    }

    @Test func largeUploadIsStreamedNotBuffered() async throws {
        let server = try startServer(configuration(), handler: Self.countingHandler)
        let size = 24 * 1024 * 1024
        let block = Array(Self.block)
        let response = try await onThread {
            let socket = try RawSocket(port: server.port, timeoutSeconds: 30)
            try socket.send("PUT /upload/big HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
            for _ in 0..<24 { try socket.send(block) }
            return try socket.readResponse()
        }
        // maxBodyBytes is 1 KiB, so only a streamed body can get through.
        #expect(response.text == "streamed \(size) intact")
    }

    @Test func chunkedUploadStreamsAndOtherPathsBuffer() async throws {
        let server = try startServer(configuration(), handler: Self.countingHandler)
        let (streamed, buffered) = try await onThread {
            let socket = try RawSocket(port: server.port)
            var chunked = Array("POST /upload/c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n".utf8)
            chunked += Self.block.prefix(3)
            chunked += Array("\r\n2\r\n".utf8)
            chunked += Self.block.dropFirst(3).prefix(2)
            chunked += Array("\r\n0\r\n\r\n".utf8)
            try socket.send(chunked)
            let first = try socket.readResponse()
            try socket.send("POST /other HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz")
            return (first.text, try socket.readResponse().text)
        }
        #expect(streamed == "streamed 5 intact")
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
            try socket.send(Array(Self.block.prefix(3)))
            return (interim.status, try socket.readResponse().text)
        }
        #expect(interim == 100)
        #expect(final == "streamed 3 intact")
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
        #expect(await waitUntil { observed.withLock { $0 != nil } })
        #expect(observed.withLock { $0 } == "connectionClosed")
    }
}

@Suite struct LocalHTTPServerEarlyResponseTests {
    @Test func earlyRejectionOfALargeUploadReachesTheClient() async throws {
        // The handler refuses without reading; the client keeps sending 8 MiB. The server must
        // not reset the connection before the client has read the 401.
        let server = try startServer(.init(streamRequestBody: { _ in true })) { _ in .text("denied", status: 401) }
        let response = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(8 << 20)\r\n\r\n")
            let block = [UInt8](repeating: 0x41, count: 1 << 20)
            for _ in 0..<8 { try? socket.send(block) }
            return try socket.readResponse()
        }
        #expect(response.status == 401)
        #expect(response.header("Connection") == "close")
    }
}
