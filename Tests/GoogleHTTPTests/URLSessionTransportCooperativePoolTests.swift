import Foundation
@_spi(Locking) import GoogleBase
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - URLSession transfers and the cooperative pool

@Suite("URLSessionTransport and the cooperative pool")
struct URLSessionTransportCooperativePoolTests {
    /// FoundationNetworking (Linux) creates, resumes, suspends and cancels a task by waiting for
    /// its one work queue (`workQueue.sync`), shared by every session of the process. A streamed
    /// request body is read on that queue, so while its next chunk is late, the queue is held:
    /// a transport that created or started tasks on the calling task's thread then parked one
    /// cooperative thread per transfer, and with more transfers than the pool has threads
    /// nothing else in the process ran (the body's own producer included) until the queue let go.
    ///
    /// Here the queue is held by such a body while more transfers than the pool has threads
    /// start against a server that holds its answers; another task must finish before anything
    /// is released. If it cannot (a regression), a watchdog thread (not a task: no cooperative
    /// thread may be free) cancels the held upload after a minute, which lets the queue go, and
    /// the check fails on the order of events instead of hanging. It runs in a child process (an
    /// exit test): holding the process's one work queue would stall every other URLSession test
    /// running alongside, and their load would stretch this one.
    @Test(
        "transfers waiting for FoundationNetworking's work queue leave the cooperative pool free",
        .timeLimit(.minutes(5)))
    func transfersDoNotHoldCooperativeThreads() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                if let failure = await URLSessionTransportCooperativePoolTests.holdTheWorkQueue() {
                    FileHandle.standardError.write(Data("\(failure)\n".utf8))
                    exit(EXIT_FAILURE)
                }
                exit(EXIT_SUCCESS)
            }
        }
    }

    /// Runs the check; returns what went wrong, or `nil`.
    static func holdTheWorkQueue() async -> String? {
        let answers = Gate()
        var router = HTTPRouter()
        router.add(nil, "/held") { _, _ in
            await answers.wait()
            return HTTPServerResponse(status: 200, body: .data(Data("released".utf8)))
        }
        router.add(nil, "/upload") { request, _ in
            HTTPServerResponse(status: 200, body: .data(Data("\(request.body.count)".utf8)))
        }
        let server: LocalHTTPServer
        do {
            server = try LocalHTTPServer.start(
                configuration: LocalHTTPServer.Configuration(idleTimeout: .seconds(600), readTimeout: .seconds(600)),
                handler: router.handle)
        } catch {
            return "the server did not start: \(error)"
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        let events = PlainLock<[String]>([])
        // No limits but a hang guard: the transfers wait for the test, which may wait for a thread.
        let patient = HTTPTimeouts(connect: .seconds(600), request: .seconds(600), stall: nil)

        // The upload whose body holds the work queue: its first chunk waits for the test.
        let body = HeldBody()
        let upload = Task {
            try await transport.send(
                GoogleHTTPRequest(
                    method: .post, url: server.baseURL.appendingPathComponent("upload"),
                    body: .stream(HTTPBodyStream(body), length: nil), timeouts: patient))
        }
        await body.started.wait()

        let watchdog = DispatchWorkItem {
            events.withLock { $0.append("watchdog") }
            upload.cancel()
            body.release()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)

        // More transfers than the pool has threads (ProcessInfo's count is the pool's width).
        let transferCount = ProcessInfo.processInfo.activeProcessorCount + 2
        var transfers: [Task<GoogleHTTPResponse, any Error>] = []
        for _ in 0..<transferCount {
            transfers.append(
                Task { try await transport.send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("held"), timeouts: patient)) })
        }
        let other = Task.detached { events.withLock { $0.append("other task ran") } }
        await other.value
        events.withLock { $0.append("released") }
        watchdog.cancel()
        body.release()
        answers.open()

        var failures: [String] = []
        for transfer in transfers {
            do {
                let response = try await transfer.value
                if response.status != 200 { failures.append("a held transfer answered \(response.status)") }
            } catch {
                failures.append("a held transfer failed: \(error)")
            }
        }
        let order = events.withLock { $0 }
        if order.prefix(2) != ["other task ran", "released"] {
            failures.append("the other task did not run while the transfers waited: \(order)")
        }
        do {
            let uploaded = try await upload.value
            let text = String(decoding: uploaded.body, as: UTF8.self)
            if uploaded.status != 200 || text != "\(HeldBody.chunk.count)" {
                failures.append("the upload answered \(uploaded.status) \(text)")
            }
        } catch {
            failures.append("the upload failed: \(error)")
        }
        return failures.isEmpty ? nil : failures.joined(separator: "; ")
    }
}

// MARK: - HeldBody

/// A request body of one chunk that is not produced until ``release()``; ``started`` opens when
/// the transport first asks for it.
private final class HeldBody: AsyncSequence, Sendable {
    typealias Element = Data

    static let chunk = Data(repeating: 0x68, count: 1000)

    let started = Gate()
    private let released = Gate()

    func release() { released.open() }

    struct AsyncIterator: AsyncIteratorProtocol {
        let body: HeldBody
        var sent = false

        mutating func next() async -> Data? {
            guard !sent else { return nil }
            sent = true
            body.started.open()
            await body.released.wait()
            return HeldBody.chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(body: self) }
}
