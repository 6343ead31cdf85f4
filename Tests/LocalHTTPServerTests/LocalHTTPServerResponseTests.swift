import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

@Suite struct LocalHTTPServerResponseTests {
    /// - Parameter patient: Wait up to ten minutes, not one, for each piece of the answer: for an
    ///   answer that waits for the test (a gate) or for tasks on the cooperative pool, which a
    ///   loaded machine can leave without a thread for longer than a minute.
    private func get(_ server: LocalHTTPServer, _ path: String = "/", patient: Bool = false) async throws -> RawSocket.Response {
        try await onThread {
            let socket = try RawSocket(port: server.port, timeoutSeconds: patient ? 600 : 60)
            try socket.send("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n")
            return try socket.readResponse()
        }
    }

    @Test func streamWithoutLengthIsChunked() async throws {
        let server = try startServer { _ in
            let pieces = AsyncStream<Data> { continuation in
                for index in 0..<50 { continuation.yield(Data("piece-\(index);".utf8)) }
                continuation.finish()
            }
            return HTTPServerResponse(body: .stream(HTTPBodyStream(pieces)))
        }
        let response = try await get(server)
        #expect(response.header("Transfer-Encoding") == "chunked")
        #expect(response.text == (0..<50).map { "piece-\($0);" }.joined())
    }

    @Test func streamWithDeclaredLengthUsesContentLength() async throws {
        let server = try startServer { _ in
            let pieces = AsyncStream<Data> { continuation in
                continuation.yield(Data("abc".utf8))
                continuation.yield(Data("def".utf8))
                continuation.finish()
            }
            return HTTPServerResponse(headers: ["Content-Length": "6"], body: .stream(HTTPBodyStream(pieces)))
        }
        let response = try await get(server)
        #expect(response.header("Transfer-Encoding") == nil)
        #expect(response.text == "abcdef")
    }

    @Test func fileBodiesWholeAndRanged() async throws {
        let file = try makeTemporaryFile(count: 1_000_000)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = patternBytes(1_000_000)
        let server = try startServer { request in
            if request.path == "/part" {
                return HTTPServerResponse(status: 206, body: .file(file, range: 300_000..<700_001))
            }
            return HTTPServerResponse(body: .file(file))
        }
        let whole = try await get(server, "/whole")
        #expect(whole.header("Content-Length") == "1000000")
        #expect(Data(whole.body) == expected)
        let part = try await get(server, "/part")
        #expect(part.status == 206)
        #expect(Data(part.body) == expected[300_000..<700_001])
    }

    @Test func missingFileBecomes500() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        let server = try startServer { _ in HTTPServerResponse(body: .file(missing)) }
        #expect(try await get(server).status == 500)
    }

    @Test func noContentHasNoBodyOrLength() async throws {
        let server = try startServer { _ in HTTPServerResponse(status: 204) }
        let response = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("DELETE /x HTTP/1.1\r\nHost: x\r\n\r\nGET /y HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = try socket.readResponse()
            let second = try socket.readResponse()
            return (first.status, first.header("Content-Length"), second.status)
        }
        #expect(response.0 == 204)
        #expect(response.1 == nil)
        #expect(response.2 == 204)
    }

    // MARK: - Unfinished answers

    @Test func dropConnectionSendsNothing() async throws {
        let server = try startServer { _ in .dropConnection }
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return socket.readToEnd()
        }
        #expect(bytes.isEmpty)
        #expect(HTTPServerResponse.dropConnection.dropsConnection)
        #expect(!HTTPServerResponse.text("x").dropsConnection)
    }

    @Test func dropConnectionSkipsTheRestOfAStreamedUpload() async throws {
        // The handler reads nothing of the body and drops the client: the server must neither
        // answer nor wait for the remaining bytes before closing.
        let configuration = LocalHTTPServer.Configuration(streamRequestBody: { _ in true })
        let server = try LocalHTTPServer.start(configuration: configuration) { _ in .dropConnection }
        defer { server.stop() }
        let closed = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("PUT /up HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n" + String(repeating: "u", count: 1000))
            return socket.isClosedByPeer(within: 20)
        }
        #expect(closed, "closed at once, with no response")
    }

    @Test func failingStreamWithLengthClosesShortOfIt() async throws {
        let server = try startServer { _ in
            HTTPServerResponse(headers: ["Content-Length": "1000"], body: .stream(HTTPBodyStream(Self.failing(after: 100))))
        }
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            // Returns only once the server closes the connection (it would otherwise wait for
            // the next request on this keep-alive connection).
            return socket.readToEnd()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 1000\r\n"))
        #expect(!text.lowercased().contains("transfer-encoding"))
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        #expect(body == String(repeating: "A", count: 100))
    }

    @Test func failingChunkedStreamEndsWithoutTheLastChunk() async throws {
        let server = try startServer { _ in HTTPServerResponse(body: .stream(HTTPBodyStream(Self.failing(after: 100)))) }
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return socket.readToEnd()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("Transfer-Encoding: chunked\r\n"))
        #expect(text.hasSuffix("64\r\n" + String(repeating: "A", count: 100) + "\r\n"))
        #expect(!text.hasSuffix("0\r\n\r\n"))
    }

    @Test func waitingHandlerAndPausingStreamKeepTheirShape() async throws {
        // What the emulator builds a late head and a slow body from: a handler that waits before
        // answering, and a stream that pauses between pieces under a declared length.
        let server = try startServer { request in
            if request.path == "/late" {
                try? await Task.sleep(for: .milliseconds(300))
                return .text("late")
            }
            let pieces = AsyncStream<Data> { continuation in
                Task {
                    for _ in 0..<4 {
                        try? await Task.sleep(for: .milliseconds(100))
                        continuation.yield(Data(repeating: 0x42, count: 10))
                    }
                    continuation.finish()
                }
            }
            return HTTPServerResponse(headers: ["Content-Length": "40"], body: .stream(HTTPBodyStream(pieces)))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let late = try await get(server, "/late", patient: true)
        let afterLate = clock.now
        let slow = try await get(server, "/slow", patient: true)
        let afterSlow = clock.now
        #expect(late.text == "late")
        #expect(start.duration(to: afterLate) >= .milliseconds(300))
        #expect(slow.header("Content-Length") == "40")
        #expect(slow.header("Transfer-Encoding") == nil)
        #expect(slow.body == Array(repeating: 0x42, count: 40))
        #expect(afterLate.duration(to: afterSlow) >= .milliseconds(400))
    }

    /// 100-byte pieces of "A", failing after `count` bytes.
    private static func failing(after count: Int) -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(Data(repeating: 0x41, count: count))
            continuation.finish(throwing: CancellationError())
        }
    }

    // MARK: - Concurrency

    @Test func slowHandlerDoesNotBlockOthers() async throws {
        // The slow handler waits until the test opens the gate, which happens only after the fast
        // requests were answered: if one connection blocked the others, they would time out.
        let gate = Gate()
        let slowEntered = Mutex(false)
        let server = try startServer { request in
            if request.path == "/slow" {
                slowEntered.withLock { $0 = true }
                await gate.wait()
            }
            return .text(request.path)
        }
        let slowTask = Task { try await get(server, "/slow", patient: true) }
        defer { gate.open() }
        // The fast requests go only once the slow one is inside its handler (a fixed pause could
        // end before the slow request even left this process).
        #expect(await waitUntil { slowEntered.withLock { $0 } })
        for _ in 0..<5 { #expect(try await get(server, "/fast").text == "/fast") }
        #expect(server.requestsHandled == 5)
        gate.open()
        #expect(try await slowTask.value.text == "/slow")
    }

    @Test func handlesManyConcurrentConnections() async throws {
        let server = try startServer { request in
            try? await Task.sleep(for: .milliseconds(100))
            return .text(request.path)
        }
        let count = 150
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<count {
                group.addTask { try await get(server, "/c\(index)").text == "/c\(index)" }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(results == count)
        #expect(server.connectionsAccepted == count)
        #expect(await waitUntil { server.openConnections == 0 })
    }
}
