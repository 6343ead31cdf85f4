import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

@Suite struct LocalHTTPServerResponseTests {
    private func get(_ server: LocalHTTPServer, _ path: String = "/") async throws -> RawSocket.Response {
        try await onThread {
            let socket = try RawSocket(port: server.port)
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

    // MARK: - Faults

    @Test func closeWithoutResponseSendsNothing() async throws {
        let server = try startServer { _ in HTTPServerResponse(fault: .closeWithoutResponse) }
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return socket.readToEnd()
        }
        #expect(bytes.isEmpty)
    }

    @Test func closeAfterBodyBytesTruncates() async throws {
        let server = try startServer { _ in
            HTTPServerResponse(body: .data(Data(repeating: 0x41, count: 1000)), fault: .closeAfterBodyBytes(100))
        }
        let bytes = try await onThread {
            let socket = try RawSocket(port: server.port)
            try socket.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            return socket.readToEnd()
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(text.contains("Content-Length: 1000\r\n"))
        let body = text.components(separatedBy: "\r\n\r\n").last ?? ""
        #expect(body == String(repeating: "A", count: 100))
    }

    @Test func delayHeadAndSlowBodyTakeTime() async throws {
        let server = try startServer { request in
            if request.path == "/delay" {
                return HTTPServerResponse.init(body: .data(Data("late".utf8)), fault: .delayHead(.milliseconds(300)))
            }
            return HTTPServerResponse(
                body: .data(Data(repeating: 0x42, count: 40)), fault: .slowBody(chunkSize: 10, delay: .milliseconds(100)))
        }
        let clock = ContinuousClock()
        let start = clock.now
        let delayed = try await get(server, "/delay")
        let afterDelay = clock.now
        let slow = try await get(server, "/slow")
        let afterSlow = clock.now
        #expect(delayed.text == "late")
        #expect(start.duration(to: afterDelay) >= .milliseconds(300))
        #expect(slow.body.count == 40)
        #expect(afterDelay.duration(to: afterSlow) >= .milliseconds(300))
    }

    // MARK: - Concurrency

    @Test func slowHandlerDoesNotBlockOthers() async throws {
        // The slow handler waits until the test opens the gate, which happens only after the fast
        // requests were answered: if one connection blocked the others, they would time out.
        let gate = Gate()
        let server = try startServer { request in
            if request.path == "/slow" { await gate.wait() }
            return .text(request.path)
        }
        let slowTask = Task { try await get(server, "/slow") }
        defer { gate.open() }
        try await Task.sleep(for: .milliseconds(50))
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
        try await waitUntil { server.openConnections == 0 }
    }
}
