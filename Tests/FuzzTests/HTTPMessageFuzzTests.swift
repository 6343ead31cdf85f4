import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import TestSupport
import Testing

@testable import GoogleAPIRuntime
@testable import LocalHTTPServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Mutated HTTP heads, chunked bodies and batch responses into the package's parsers, and whole
/// mutated requests into a running ``LocalHTTPServer``.
@Suite("Fuzz: HTTP messages")
struct HTTPMessageFuzzTests {
    static let headTokens = [
        "GET ", "POST ", " HTTP/1.1", " HTTP/1.0", "HTTP/9.9", "Host: ", "Content-Length: 99999999999999999999",
        "Content-Length: -1", "Transfer-Encoding: gzip, chunked", "Expect: 100-continue", "Connection: close", " \t", "\r\n ",
    ]

    @Test("Request heads parse to a head or a RequestHeadError")
    func requestHeads() async {
        var parsed = 0
        let ran = await Fuzzer.run(
            "HTTP head parser", seed: 0x4845_4144_0003, samples: FuzzSamples.requestHeads.map { Array($0.utf8) },
            count: 4000, dictionary: Self.headTokens
        ) { input in
            input.withUnsafeBufferPointer { bytes in
                let skipped = HTTPHeadParser.leadingEmptyLineBytes(in: bytes)
                #expect(skipped <= bytes.count)
                let rest = UnsafeBufferPointer(rebasing: bytes[skipped...])
                let length = HTTPHeadParser.headLength(in: rest) ?? rest.count
                #expect(length <= rest.count)
                // Typed throws: a head or a RequestHeadError, nothing else can come out.
                if let head = try? HTTPHeadParser.parse(UnsafeBufferPointer(rebasing: rest[0..<length])) {
                    parsed += 1
                    #expect(!head.target.isEmpty)
                }
            }
        }
        #expect(ran == 4000)
        #expect(parsed > 0)
    }

    @Test("Nested batch parts and header blocks parse to a message or nil")
    func nestedMessages() async {
        let ran = await Fuzzer.run(
            "nested HTTP message parser", seed: 0x4E45_5354_0004,
            samples: FuzzSamples.nestedResponses.map { Array($0.utf8) }, count: 3000, dictionary: Self.headTokens
        ) { input in
            let data = Data(input)
            if let response = HTTPHeadParser.parseNestedResponse(data) { #expect(response.body.count <= data.count) }
            _ = HTTPHeadParser.parseNestedRequest(data)
            _ = HTTPHeadParser.parseHeaderBlock(data)
        }
        #expect(ran == 3000)
    }

    @Test("Chunked bodies read through a real socket end in the payload or a BodyReadError")
    func chunkedBodies() async throws {
        var completed = 0
        let ran = try await Fuzzer.run(
            "chunked body reader", seed: 0x4348_554E_0005,
            samples: FuzzSamples.chunkedBodies.map { Array($0.utf8) }, count: 1200,
            dictionary: ["0\r\n\r\n", "ffffffffffffffff\r\n", "7fffffffffffffff", ";ext=\"v\"", "\r\n0\r\n"]
        ) { input in
            var pair: [Int32] = [0, 0]
            #if canImport(Glibc)
            guard socketpair(AF_UNIX, SystemCall.streamSocketType, 0, &pair) == 0 else { throw POSIXError(.EMFILE) }
            #endif
            defer { close(pair[0]) }
            // Inputs are at most 4 KiB, far below the socket buffer: the write never blocks.
            _ = input.withUnsafeBytes { SystemCall.send(pair[0], $0.baseAddress, $0.count) }
            shutdown(pair[0], Int32(SHUT_WR))
            let socket = SocketConnection(fd: pair[1])
            let reader = RequestBodyReader(socket: socket, framing: .chunked, readTimeout: .seconds(5), maxLineBytes: 1024)
            var payload = 0
            do {
                while let piece = try reader.next() { payload += piece.count }
                #expect(reader.isComplete)
                #expect(payload <= input.count)
                completed += 1
            } catch {
                // Typed throws: BodyReadError (malformed framing or the stream ending early).
                _ = error
            }
        }
        #expect(ran == 1200)
        #expect(completed > 0)
    }

    @Test("Batch responses parse to results or a GoogleAPIClientError")
    func batchResponses() async throws {
        let samples = try await FuzzSamples.emulatorResponses()
        let contentType = samples.batchContentType
        #expect(BatchResponseParser.boundary(in: contentType) != nil, "\(contentType)")
        var parsed = 0
        let ran = await Fuzzer.run(
            "batch response parser", seed: 0x4241_5443_0006, samples: [samples.batchBody], count: 2500,
            maxLength: 16 << 10, dictionary: ["--batch", "Content-ID: <response-item", "HTTP/1.1 200 OK\r\n", "--\r\n"]
        ) { input in
            let data = Data(input)
            // Typed throws: results or GoogleAPIClientError.
            if let results = try? BatchResponseParser.parse(data, contentType: contentType, firstIndex: 0, count: 2) {
                parsed += 1
                #expect(results.count == 2)
            }
            if let boundary = MultipartBody.boundary(fromContentType: contentType) {
                _ = MultipartBody.parse(data, boundary: boundary, requiresClosingDelimiter: false)
                _ = MultipartBody.parse(data, boundary: boundary)
            }
            _ = MultipartBody.boundary(fromContentType: String(decoding: input.prefix(120), as: UTF8.self))
        }
        #expect(ran == 2500)
        #expect(parsed > 0)
    }

    @Test("Whole mutated requests to a running server get an HTTP answer or a closed connection")
    func serverConnections() async throws {
        let server = try LocalHTTPServer.start(configuration: .init(readTimeout: .seconds(2), requestHeadTimeout: .seconds(5))) { request in
            .text("\(request.method.rawValue) \(request.path) \(request.body.count)")
        }
        defer { server.stop() }
        let samples =
            FuzzSamples.requestHeads.map { head in
                Array((head.replacingOccurrences(of: "Content-Length: 17\r\n", with: "Content-Length: 5\r\n") + "hello").utf8)
            } + FuzzSamples.chunkedBodies.map { Array(("POST /u HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + $0).utf8) }
        let inputs = Fuzzer.inputs(seed: 0x5345_5256_0007, samples: samples, count: 250, maxLength: 4096, dictionary: Self.headTokens)
        let port = server.port
        let replies = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[String], any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try inputs.map { try Self.exchange(port: port, bytes: $0) } })
            }
            thread.start()
        }
        FuzzTally.record("server connection (head + body)", replies.count)
        #expect(replies.count == 250)
        for reply in replies where !reply.isEmpty {
            #expect(reply.hasPrefix("HTTP/1.1 "), "\(reply.prefix(80))")
        }
        #expect(replies.contains { $0.hasPrefix("HTTP/1.1 200") })
        #expect(replies.contains { $0.hasPrefix("HTTP/1.1 4") })
        // The server is still healthy.
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("after")))
        #expect(response.status == 200)
    }

    /// Sends `bytes`, half-closes, and returns the first 64 bytes of what comes back.
    private static func exchange(port: Int, bytes: [UInt8]) throws -> String {
        let socket = try RawSocket(port: port, timeoutSeconds: 20)
        // Inputs are at most 4 KiB: one send; a server that closes early is an answer too.
        try? socket.send(bytes)
        socket.shutdownWrite()
        return String(decoding: socket.readPrefix(64), as: UTF8.self)
    }
}
