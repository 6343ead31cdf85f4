import Foundation
import GoogleAuth
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import TestSupport
import Testing

// MARK: - Servers answer while the cooperative pool is busy

/// The loopback listener and the emulator are `LocalHTTPServer`s; their handlers must not wait for
/// a free cooperative thread. Each check runs in a child process (an exit test), so saturating
/// that process's pool neither disturbs the tests running in parallel nor is disturbed by them.
@Suite("Servers answer while every cooperative thread is busy")
struct BusyCooperativePoolTests {
    @Test("a loopback login, a refresh and a revocation complete while the pool spins")
    func loginWhilePoolIsBusy() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                let harness = try EmulatorHarness()
                let client = harness.makeClient()
                let browser = CurlBrowser(transport: harness.transport)
                // The client side runs on the transport's own thread: code on the global pool would
                // wait for the spinning tasks too, and this test is about the servers.
                try await withTaskExecutorPreference(harness.transport.executor) {
                    // Long enough that a server depending on the pool cannot finish the flow in time,
                    // and a hard failure rather than a hang if it does.
                    let hog = CooperativePoolHog(duration: .seconds(20))
                    hog.waitUntilSaturated()
                    let started = ContinuousClock.now
                    let credentials = try await client.authorize(
                        scopes: ["email", TestScopes.driveReadonly], options: .init(timeout: .seconds(30)), browser: browser)
                    let refreshed = try await client.refresh(credentials)
                    try await client.revoke(refreshed)
                    let elapsed = ContinuousClock.now - started
                    let finishedWhileSaturated = hog.isSaturated
                    // Exit from this thread: anything after the preference block waits for the pool.
                    guard finishedWhileSaturated, harness.emulator.tokenRequestCount == 2 else {
                        FileHandle.standardError.write(Data("flow took \(elapsed); pool still saturated: \(finishedWhileSaturated)\n".utf8))
                        exit(EXIT_FAILURE)
                    }
                    exit(EXIT_SUCCESS)
                }
            }
        }
    }

    @Test("a streamed request body and a streamed response complete while the pool spins")
    func streamingWhilePoolIsBusy() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                // The handler reads the body as a stream (fed by the connection thread on demand) and
                // answers with a stream (pulled by the connection thread): both bridges to async code.
                let configuration = LocalHTTPServer.Configuration(streamRequestBody: { _ in true })
                let server = try LocalHTTPServer.start(configuration: configuration) { request in
                    guard let body = request.bodyStream else { return .text("not streamed", status: 500) }
                    var received = 0
                    do {
                        for try await piece in body { received += piece.count }
                    } catch {
                        return .text("body failed", status: 500)
                    }
                    let pieces = (0..<64).map { _ in Data(repeating: 0x61, count: 16 * 1024) }
                    var response = HTTPServerResponse(status: 200, body: .stream(HTTPBodyStream(pieces.async)))
                    response.headers["X-Received"] = String(received)
                    return response
                }
                let transport = CurlTransport()
                try await withTaskExecutorPreference(transport.executor) {
                    let hog = CooperativePoolHog(duration: .seconds(20))
                    hog.waitUntilSaturated()
                    let upload = Data(repeating: 0x62, count: 3 << 20)
                    let request = GoogleHTTPRequest(method: .post, url: server.baseURL.appendingPathComponent("echo"), body: .data(upload))
                    let response = try await transport.send(request)
                    let finishedWhileSaturated = hog.isSaturated
                    guard finishedWhileSaturated, response.status == 200, response.headers["X-Received"] == String(upload.count),
                        response.body.count == 64 * 16 * 1024
                    else {
                        FileHandle.standardError.write(Data("status \(response.status); saturated: \(finishedWhileSaturated)\n".utf8))
                        exit(EXIT_FAILURE)
                    }
                    exit(EXIT_SUCCESS)
                }
            }
        }
    }

    @Test("the emulator's late heads and slow bodies complete while the pool spins")
    func faultShapesWhilePoolIsBusy() async {
        await ChildProcessGate.oneAtATime {
            await #expect(processExitsWith: .success) {
                // Their pauses wake the connection thread directly; a `Task.sleep` would need a free
                // cooperative thread to resume, and the pool stays saturated for longer than the test.
                let server = try LocalHTTPServer.start { request in
                    let response = HTTPServerResponse(body: .data(Data(repeating: 0x63, count: 4096)))
                    if request.path == "/late" { return await FaultyResponse.delayed(response, by: .milliseconds(200)) }
                    return FaultyResponse.slowed(response, chunkSize: 1024, delay: .milliseconds(50))
                }
                let transport = CurlTransport()
                try await withTaskExecutorPreference(transport.executor) {
                    let hog = CooperativePoolHog(duration: .seconds(20))
                    hog.waitUntilSaturated()
                    let late = try await transport.send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("late")))
                    let slow = try await transport.send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("slow")))
                    let finishedWhileSaturated = hog.isSaturated
                    guard finishedWhileSaturated, late.body.count == 4096, slow.body.count == 4096,
                        slow.headers["Content-Length"] == "4096"
                    else {
                        FileHandle.standardError.write(
                            Data("late \(late.status), slow \(slow.status); saturated: \(finishedWhileSaturated)\n".utf8))
                        exit(EXIT_FAILURE)
                    }
                    exit(EXIT_SUCCESS)
                }
            }
        }
    }
}

// MARK: - Helpers

extension Array where Element: Sendable {
    /// The elements as an async sequence, one by one.
    fileprivate var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
