import Foundation
import GoogleAPIRuntime
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

// MARK: - ServerStream through the real transport

/// The generic server-streaming sequence against LocalHTTPServer routes that write their bodies
/// piece by piece (chunked), through CurlTransport and an AuthorizedSession.
@Suite("Server streams")
struct ServerStreamTests {
    /// A backend whose `/drive/v3/stream/NAME` routes answer with `respond` (the request's
    /// `pageToken` and `alt` are recorded).
    private static func backend(
        _ respond: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse, requests: Recorder<String> = Recorder()
    ) throws -> (TestBackend, GoogleServiceClient) {
        let backend = try TestBackend { router, oauth in
            router.get("/drive/v3/stream/{name}") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                requests.append("pageToken=\(request.queryValue("pageToken") ?? "-") alt=\(request.queryValue("alt") ?? "-")")
                return respond(request)
            }
        }
        let client = backend.client(session: backend.session(store: InMemoryTokenStore(backend.credentials())))
        return (backend, client)
    }

    private static func collect(_ stream: ServerStream<NumberedElement>) async throws -> [Int] {
        var numbers: [Int] = []
        for try await element in stream { numbers.append(element.n) }
        return numbers
    }

    // MARK: - Framing

    @Test("an element split across many tiny chunks", arguments: ServerStreamFraming.allCases)
    func tinyChunks(framing: ServerStreamFraming) async throws {
        let text: String
        switch framing {
        case .jsonArray:
            text = " \r\n" + NumberedElement.arrayPieces(1...20).joined() + "\r\n"
        case .serverSentEvents:
            // CRLF, LF and lone CR line ends, a comment, an id field, data split over two lines.
            text =
                ": keep-alive\r\n"
                + (1...20).map { n in
                    n == 7 ? "id: 7\ndata: {\"n\":7,\ndata: \"nextPageToken\":\"t7\"}\r\r" : "data: \(NumberedElement.json(n))\r\n\r\n"
                }.joined()
        }
        // Pieces of 1 to 3 bytes: every element is cut everywhere, CR/LF pairs included.
        var pieces: [String] = []
        var rest = Substring(text)
        var size = 1
        while !rest.isEmpty {
            pieces.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
            size = size % 3 + 1
        }
        let split = pieces
        let (backend, client) = try Self.backend { _ in .streaming(.text(split)) }
        _ = backend
        // An event stream has no end marker: a resumable one would reconnect after the body ends
        // (and this route would send the same twenty again), so the 20th element says it is the last.
        var options = ServerStreamOptions<NumberedElement>.numbered(framing: framing)
        options.isFinal = { $0.n == 20 }
        let numbers = try await Self.collect(client.serverStream(streamCall("split"), of: NumberedElement.self, options: options))
        #expect(numbers == Array(1...20))
    }

    @Test("server-sent events are requested with alt=sse")
    func sseAsksForAltSSE() async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { _ in
                .streaming(.text(["data: \(NumberedElement.json(1))\n\n"]), contentType: "text/event-stream")
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>(framing: .serverSentEvents)
        options.resumption = nil
        let numbers = try await Self.collect(client.serverStream(streamCall("sse"), of: NumberedElement.self, options: options))
        #expect(numbers == [1])
        #expect(requests.values == ["pageToken=- alt=sse"])
    }

    @Test("an element is delivered before the response ends")
    func incremental() async throws {
        let probe = BodyProbe()
        let (backend, client) = try Self.backend { _ in
            .streaming(
                ScriptedBody(
                    [
                        .bytes(Data(("[" + NumberedElement.json(1)).utf8)),
                        .keepAliveForever(Data("\r\n".utf8), interval: .milliseconds(50)),
                    ], probe: probe))
        }
        _ = backend
        var iterator = client.serverStream(streamCall("open"), of: NumberedElement.self, options: .numbered()).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.n == 1)
        #expect(!probe.released, "the response is still open when its first element arrives")
    }

    // MARK: - Bad input

    @Test("garbage mid-stream is a typed error naming what came, redacted", arguments: ServerStreamFraming.allCases)
    func garbage(framing: ServerStreamFraming) async throws {
        let html = "<html>proxy error access_token=ya29.secretvalue</html>\n"
        let pieces =
            framing == .jsonArray
            ? ["[" + NumberedElement.json(1), ",\r\n" + NumberedElement.json(2), html]
            : ["data: \(NumberedElement.json(1))\n\n", "data: \(NumberedElement.json(2))\n\n", html]
        let (backend, client) = try Self.backend { _ in .streaming(.text(pieces)) }
        _ = backend
        var numbers: [Int] = []
        let error = await #expect(throws: ServerStreamError.self) {
            for try await element in client.serverStream(
                streamCall("garbage"), of: NumberedElement.self, options: .numbered(framing: framing))
            {
                numbers.append(element.n)
            }
        }
        #expect(numbers == [1, 2], "the elements before the garbage are delivered")
        #expect(error?.code == .malformedFraming)
        #expect(error?.framing == framing)
        #expect(error?.excerpt.hasPrefix("<html>proxy error") == true)
        #expect(error?.description.contains("ya29.secretvalue") == false)
        #expect(error?.detail.contains(framing == .jsonArray ? "',' or ']'" : "'data:' line") == true)
    }

    @Test("an element the type cannot decode is a typed error")
    func undecodable() async throws {
        let (backend, client) = try Self.backend { _ in .streaming(.text(["[{\"n\":\"one\"}]"])) }
        _ = backend
        let error = await #expect(throws: ServerStreamError.self) {
            _ = try await Self.collect(client.serverStream(streamCall("undecodable"), of: NumberedElement.self, options: .numbered()))
        }
        #expect(error?.code == .undecodableElement)
        #expect(error?.byteOffset == 1)
        #expect(error?.excerpt == "{\"n\":\"one\"}")
    }

    @Test("an element over the size limit fails instead of growing", arguments: ServerStreamFraming.allCases)
    func oversized(framing: ServerStreamFraming) async throws {
        let big = NumberedElement.json(2, pad: 64 << 10)
        let pieces =
            framing == .jsonArray
            ? ["[" + NumberedElement.json(1), ",", big, "]"]
            : ["data: \(NumberedElement.json(1))\n\n", "data: ", big, "\n\n"]
        let (backend, client) = try Self.backend { _ in .streaming(.text(pieces)) }
        _ = backend
        var numbers: [Int] = []
        let error = await #expect(throws: ServerStreamError.self) {
            for try await element in client.serverStream(
                streamCall("big"), of: NumberedElement.self, options: .numbered(framing: framing, maxElementBytes: 16 << 10))
            {
                numbers.append(element.n)
            }
        }
        #expect(numbers == [1])
        #expect(error?.code == .elementTooLarge)
    }

    @Test("an error element mid-stream is the API's error")
    func errorElement() async throws {
        let forbidden = #"{"error":{"code":403,"message":"The chat is private.","errors":[{"reason":"forbidden"}]}}"#
        let (backend, client) = try Self.backend { _ in .streaming(.text(["[" + NumberedElement.json(1), ",\r\n" + forbidden, "]"])) }
        _ = backend
        let error = await #expect(throws: GoogleAPIError.self) {
            _ = try await Self.collect(client.serverStream(streamCall("error"), of: NumberedElement.self, options: .numbered()))
        }
        #expect(error?.status == 403)
        #expect(error?.hasReason("forbidden") == true)

        // The same element with a reason the options call an ending: the stream simply ends.
        var options = ServerStreamOptions<NumberedElement>.numbered()
        options.endingErrorReasons = ["forbidden"]
        let numbers = try await Self.collect(client.serverStream(streamCall("error"), of: NumberedElement.self, options: options))
        #expect(numbers == [1])
    }

    // MARK: - Resuming

    @Test("a dropped connection resumes at the last token: no duplicates, no gaps", arguments: ServerStreamFraming.allCases)
    func resumesAfterDrop(framing: ServerStreamFraming) async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { request in
                // Elements after the token; the first two connections break in the middle of an element.
                let start = request.queryValue("pageToken").flatMap { Int($0.dropFirst()) }.map { $0 + 1 } ?? 1
                let end = min(start + 4, 12)
                let elements = Array(start...end)
                let cut = start < 9
                var pieces: [ScriptedBody.Step] = []
                for (index, n) in elements.enumerated() {
                    let json = NumberedElement.json(n)
                    let framed = framing == .jsonArray ? (index == 0 ? "[" : ",") + json : "data: \(json)\n\n"
                    if cut && index == elements.count - 1 {
                        pieces.append(.bytes(Data(framed.prefix(framed.count / 2).utf8)))
                        pieces.append(.drop)
                    } else {
                        pieces.append(.bytes(Data(framed.utf8)))
                    }
                }
                if !cut && framing == .jsonArray { pieces.append(.bytes(Data("]".utf8))) }
                return .streaming(ScriptedBody(pieces))
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>.numbered(framing: framing)
        if framing == .serverSentEvents {
            // The last connection ends the event stream; element 12 says it is the last.
            options.isFinal = { $0.n == 12 }
        }
        let numbers = try await Self.collect(client.serverStream(streamCall("resume"), of: NumberedElement.self, options: options))
        #expect(numbers == Array(1...12))
        let alt = framing == .jsonArray ? "-" : "sse"
        #expect(requests.values == ["pageToken=- alt=\(alt)", "pageToken=t4 alt=\(alt)", "pageToken=t8 alt=\(alt)"])
    }

    @Test("a 503 before the stream and a 503 element mid-stream are retried with the token")
    func retriesServerErrors() async throws {
        let requests = Recorder<String>()
        let attempts = Mutex(0)
        let (backend, client) = try Self.backend(
            { request in
                let attempt = attempts.withLock { value in
                    value += 1
                    return value
                }
                switch attempt {
                case 1:
                    return HTTPServerResponse(status: 503, body: .data(Data(#"{"error":{"code":503,"message":"busy"}}"#.utf8)))
                case 2:
                    return .streaming(.text(["[" + NumberedElement.json(1), ",", #"{"error":{"code":503,"message":"backend"}}"#, "]"]))
                default:
                    return .streaming(.text(NumberedElement.arrayPieces(2...3)))
                }
            }, requests: requests)
        _ = backend
        let numbers = try await Self.collect(client.serverStream(streamCall("retry"), of: NumberedElement.self, options: .numbered()))
        #expect(numbers == [1, 2, 3])
        #expect(requests.values.map { $0.prefix(12) } == ["pageToken=- ", "pageToken=- ", "pageToken=t1"])
    }

    @Test("each wait before a reconnect reaches the session's observers, like any retry's")
    func reconnectWaitsAreReported() async throws {
        let attempts = Mutex(0)
        let backend = try TestBackend { router, oauth in
            router.get("/drive/v3/stream/{name}") { request, _ in
                if let denied = requireToken(oauth, request) { return denied }
                let attempt = attempts.withLock { value in
                    value += 1
                    return value
                }
                switch attempt {
                case 1: return HTTPServerResponse(status: 503, body: .data(Data(#"{"error":{"code":503,"message":"busy"}}"#.utf8)))
                case 2:
                    return .streaming(.text(["[" + NumberedElement.json(1), ",", #"{"error":{"code":429,"message":"slow down"}}"#, "]"]))
                default: return .streaming(.text(NumberedElement.arrayPieces(2...3)))
                }
            }
        }
        let waits = Recorder<RetryWait>()
        let events = Recorder<GoogleSessionEvent>()
        var configuration = AuthorizedSession.Configuration.fastTests
        configuration.observers.append(.retryWaits { waits.append($0) })
        configuration.observers.append(.events { events.append($0) })
        let client = backend.client(
            session: backend.session(store: InMemoryTokenStore(backend.credentials()), configuration: configuration))
        let numbers = try await Self.collect(client.serverStream(streamCall("waits"), of: NumberedElement.self, options: .numbered()))
        #expect(numbers == [1, 2, 3])
        let seen = waits.values
        #expect(seen.map(\.status) == [503, 429])
        #expect(seen.map(\.method) == [.get, .get])
        // Element 1 renewed the budget, so each wait is before a first retry.
        #expect(seen.allSatisfy { $0.url.contains("/drive/v3/stream/waits") && $0.retry == 1 })
        // Each wait is followed by the reconnect it announced.
        let kinds = events.values.map(\.kind).filter { $0 != .tokenRefreshed && $0 != .tokenLoaded }
        #expect(kinds == [.retryScheduled, .streamReconnected, .retryScheduled, .streamReconnected], "\(kinds)")
        #expect(events.values.filter { $0.kind == .streamReconnected }.map { $0.attribute("stream.reconnect") } == ["1", "1"])
    }

    @Test("a stream without tokens is not resumed once it delivered elements (no duplicates)")
    func noTokenNoResume() async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { _ in
                .streaming(ScriptedBody([.bytes(Data(("[" + NumberedElement.json(1)).utf8)), .drop]))
            }, requests: requests)
        _ = backend
        var numbers: [Int] = []
        await #expect(throws: HTTPTransportError.self) {
            for try await element in client.serverStream(streamCall("once"), of: NumberedElement.self, options: .init()) {
                numbers.append(element.n)
            }
        }
        #expect(numbers == [1])
        #expect(requests.count == 1)
    }

    @Test("failures without progress stop at the retry policy's attempts")
    func budget() async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { _ in
                .streaming(ScriptedBody([.bytes(Data("[{\"n\":".utf8)), .drop]))
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>.numbered()
        options.retryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        await #expect(throws: HTTPTransportError.self) {
            _ = try await Self.collect(client.serverStream(streamCall("budget"), of: NumberedElement.self, options: options))
        }
        #expect(requests.count == 3)
    }

    @Test("a stalled connection is replaced and resumed at the last token")
    func resumesAfterStall() async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { request in
                if request.queryValue("pageToken") == nil {
                    // Two elements, then silence (no keep-alive) far longer than the stall limit.
                    let pieces = NumberedElement.arrayPieces(1...2, closed: false).map { ScriptedBody.Step.bytes(Data($0.utf8)) }
                    return .streaming(ScriptedBody(pieces + [.pause(.seconds(5)), .drop]))
                }
                let start = request.queryValue("pageToken").flatMap { Int($0.dropFirst()) }.map { $0 + 1 } ?? 1
                return .streaming(.text(NumberedElement.arrayPieces(start...4)))
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>.numbered()
        options.stallTimeout = .milliseconds(300)
        let numbers = try await Self.collect(client.serverStream(streamCall("stall"), of: NumberedElement.self, options: options))
        #expect(numbers == Array(1...4))
        #expect(requests.values.first == "pageToken=- alt=-")
        #expect(requests.values.dropFirst().first == "pageToken=t2 alt=-", "resumed after the stall with the last token")
    }

    @Test(
        "a server that ignores pageToken is not reconnected forever: repeats skipped, then a typed error",
        arguments: ServerStreamFraming.allCases)
    func ignoredPageToken(framing: ServerStreamFraming) async throws {
        let requests = Recorder<String>()
        // Every connection starts over with elements 1 to 5, whatever the token: the array is
        // dropped after them (no `]`), the event stream simply ends.
        let (backend, client) = try Self.backend(
            { _ in
                switch framing {
                case .jsonArray:
                    .streaming(ScriptedBody(NumberedElement.arrayPieces(1...5, closed: false).map { .bytes(Data($0.utf8)) } + [.drop]))
                case .serverSentEvents:
                    .streaming(.text((1...5).map { "data: \(NumberedElement.json($0))\n\n" }), contentType: "text/event-stream")
                }
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>.numbered(framing: framing)
        options.retryPolicy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        var numbers: [Int] = []
        let error = await #expect(throws: ServerStreamError.self) {
            for try await element in client.serverStream(streamCall("ignores"), of: NumberedElement.self, options: options) {
                numbers.append(element.n)
            }
        }
        #expect(numbers == Array(1...5), "each element once: the repeats are skipped")
        #expect(error?.code == .resumeWithoutProgress)
        #expect(error?.reconnections == 3)
        #expect(error?.description.contains("pageToken") == true)
        let alt = framing == .jsonArray ? "-" : "sse"
        #expect(requests.values == ["pageToken=- alt=\(alt)"] + Array(repeating: "pageToken=t5 alt=\(alt)", count: 3))
    }

    @Test("a resumed array that starts over is read past its repeats: no duplicates, no gaps, the end is the end")
    func startsOverThenContinues() async throws {
        let requests = Recorder<String>()
        let (backend, client) = try Self.backend(
            { request in
                if request.queryValue("pageToken") == nil {
                    return .streaming(
                        ScriptedBody(NumberedElement.arrayPieces(1...5, closed: false).map { .bytes(Data($0.utf8)) } + [.drop]))
                }
                // The history again (one element answering with the resume token itself), then new ones.
                return .streaming(.text(NumberedElement.arrayPieces(1...8)))
            }, requests: requests)
        _ = backend
        let numbers = try await Self.collect(client.serverStream(streamCall("over"), of: NumberedElement.self, options: .numbered()))
        #expect(numbers == Array(1...8))
        #expect(requests.values == ["pageToken=- alt=-", "pageToken=t5 alt=-"])
    }

    @Test("each new element renews the reconnection budget")
    func progressRenewsBudget() async throws {
        let requests = Recorder<String>()
        // Two new elements per connection, then a drop, ten elements in all: five connections
        // under a policy of two attempts.
        let (backend, client) = try Self.backend(
            { request in
                let start = request.queryValue("pageToken").flatMap { Int($0.dropFirst()) }.map { $0 + 1 } ?? 1
                let last = start + 1 == 10
                let steps = NumberedElement.arrayPieces(start...(start + 1), closed: last).map { ScriptedBody.Step.bytes(Data($0.utf8)) }
                return .streaming(ScriptedBody(last ? steps : steps + [.drop]))
            }, requests: requests)
        _ = backend
        var options = ServerStreamOptions<NumberedElement>.numbered()
        options.retryPolicy = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))
        let numbers = try await Self.collect(client.serverStream(streamCall("renew"), of: NumberedElement.self, options: options))
        #expect(numbers == Array(1...10))
        #expect(requests.count == 5)
    }

    // MARK: - Cancellation and back-pressure

    @Test("cancelling the consumer closes the connection at once")
    func cancellation() async throws {
        let probe = BodyProbe()
        let (backend, client) = try Self.backend { _ in
            .streaming(
                ScriptedBody(
                    [.bytes(Data(("[" + NumberedElement.json(1)).utf8)), .keepAliveForever(Data(" ".utf8), interval: .milliseconds(20))],
                    probe: probe))
        }
        _ = backend
        let received = Gate()
        let consumer = Task {
            for try await _ in client.serverStream(streamCall("cancel"), of: NumberedElement.self, options: .numbered()) {
                received.open()
            }
        }
        await received.wait()
        consumer.cancel()
        let outcome = await consumer.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        // The server notices at its next keep-alive write (20 ms) and lets go of the body.
        #expect(await waitUntil(.seconds(30)) { probe.released }, "the server saw the connection close")
    }

    @Test("a slow consumer pauses the transfer instead of buffering")
    func backPressure() async throws {
        let probe = BodyProbe()
        // What may fill while the consumer sleeps: the transport's stream buffer and the loopback
        // socket buffers, which the kernel grows up to its tcp_rmem/tcp_wmem maximum (32 MiB and
        // 4 MiB here: a fixed 16 MiB bound failed at 22.6 MiB). The body is twice that, so a
        // transport that buffered everything would be seen.
        let held =
            HTTPTransportConfiguration().streamBufferBytes + Self.kernelMaximum("tcp_rmem")
            + Self.kernelMaximum("tcp_wmem") + (1 << 20)
        let element = Data(("," + NumberedElement.json(0, pad: 1000)).utf8)
        let elements = 2 * held / element.count
        var steps: [ScriptedBody.Step] = [.bytes(Data(("[" + NumberedElement.json(0, pad: 1000)).utf8))]
        steps += Array(repeating: ScriptedBody.Step.bytes(element), count: elements)
        steps.append(.bytes(Data("]".utf8)))
        let body = ScriptedBody(steps, probe: probe)
        let (backend, client) = try Self.backend { _ in .streaming(body) }
        _ = backend
        var iterator = client.serverStream(streamCall("slow"), of: NumberedElement.self, options: .init()).makeAsyncIterator()
        _ = try await iterator.next()
        try await Task.sleep(for: .milliseconds(500))
        // While the consumer sleeps only the transport's buffer and the socket buffers fill.
        #expect(probe.bytesSent < held, "sent \(probe.bytesSent >> 20) MiB while the consumer slept (may hold \(held >> 20) MiB)")
        var count = 1
        while try await iterator.next() != nil { count += 1 }
        #expect(count == elements + 1)
    }

    /// The last field of `/proc/sys/net/ipv4/NAME` (the buffer's maximum), 4 MiB where unreadable.
    private static func kernelMaximum(_ name: String) -> Int {
        #if os(Linux)
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/\(name)", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).last.flatMap { Int($0) } ?? 4 << 20
        #else
        return 8 << 20
        #endif
    }
}
