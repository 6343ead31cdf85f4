import Foundation
import GoogleHTTP
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

/// Clients that hold connections without finishing a request: a head dripped a byte at a time,
/// and more idle connections than the server serves at once.
@Suite("Slow and idle clients cannot hold the server")
struct LocalHTTPServerSlowClientTests {
    @Test("A head dripped byte by byte is cut off at the head deadline with 408, long before it ends")
    func dripFeedHitsHeadDeadline() async throws {
        // Each byte arrives well within readTimeout, so only a deadline on the whole head stops it.
        let server = try startServer(.init(readTimeout: .seconds(20), requestHeadTimeout: .seconds(1)))
        let head = Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "p", count: 120))\r\n\r\n".utf8)
        let port = server.port
        let outcome = try await onThread { () -> (reply: String, sentAll: Bool) in
            let socket = try RawSocket(port: port, timeoutSeconds: 30)
            var sentAll = true
            for byte in head {
                // The server closing the connection ends the drip early.
                if (try? socket.send([byte])) == nil {
                    sentAll = false
                    break
                }
                if socket.hasPendingInput() {
                    sentAll = false
                    break
                }
                usleep(100_000)
            }
            return (String(decoding: socket.readToEnd(), as: UTF8.self), sentAll)
        }
        // The whole drip takes ~15 s; the deadline is 1 s.
        #expect(!outcome.sentAll, "the server let the client finish dripping its head")
        #expect(outcome.reply.hasPrefix("HTTP/1.1 408"), "\(outcome.reply)")
        #expect(server.requestsHandled == 0)
    }

    @Test("Idle connections count against the head deadline too, from the connection's start")
    func idleFirstRequestHitsHeadDeadline() async throws {
        let server = try startServer(.init(idleTimeout: .seconds(30), requestHeadTimeout: .seconds(1)))
        let port = server.port
        let closed = try await onThread {
            let socket = try RawSocket(port: port)
            return socket.isClosedByPeer(within: 20)
        }
        #expect(closed)
    }

    @Test("At the connection limit the longest-idle connection makes room; the server never holds more")
    func idleConnectionsAreEvicted() async throws {
        let limit = 4
        let server = try startServer(.init(idleTimeout: .seconds(60), requestHeadTimeout: .seconds(60), maxConnections: limit))
        let port = server.port
        // Open many idle connections, one at a time so "oldest" is well defined.
        let idle = try await onThread { () -> IdleSockets in
            var sockets: [RawSocket] = []
            for _ in 0..<12 {
                sockets.append(try RawSocket(port: port, timeoutSeconds: 20))
                usleep(20_000)
            }
            return IdleSockets(sockets)
        }
        // The first ones were evicted (EOF), not left waiting for their idle timeout.
        let firstClosed = try await onThread { idle.sockets[0].isClosedByPeer(within: 15) }
        #expect(firstClosed)
        #expect(await waitUntil { server.openConnections <= limit }, "\(server.openConnections) open")

        // A real request still gets through and is answered.
        let response = try await CurlTransport().send(GoogleHTTPRequest(url: server.baseURL.appendingPathComponent("real")))
        #expect(response.status == 200)
        #expect(response.headers["X-Path"] == "/real")
        withExtendedLifetime(idle) {}
    }

    @Test("When every connection is inside its handler, a new one gets 503 and the others finish")
    func busyConnectionsRefuseNewOnes() async throws {
        let gate = Gate()
        let entered = Mutex(0)
        let server = try startServer(.init(maxConnections: 2)) { request in
            entered.withLock { $0 += 1 }
            await gate.wait()
            return .text("done \(request.path)")
        }
        let port = server.port
        // The first two wait for the gate, which opens only after several steps of this test's
        // task: on a loaded machine each step can wait long for a thread, so a minute is too short.
        @Sendable func request(_ path: String) async throws -> String {
            try await onThread {
                let socket = try RawSocket(port: port, timeoutSeconds: 600)
                try socket.send("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return String(decoding: socket.readToEnd(), as: UTF8.self)
            }
        }
        let first = Task { try await request("/a") }
        let second = Task { try await request("/b") }
        #expect(await waitUntil(.seconds(300)) { entered.withLock { $0 } == 2 })
        let refused = try await request("/c")
        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused)")
        gate.open()
        #expect(try await first.value.hasPrefix("HTTP/1.1 200"))
        #expect(try await second.value.hasPrefix("HTTP/1.1 200"))
        #expect(entered.withLock { $0 } == 2, "the refused request never reached the handler")
    }
}

/// Sockets handed between the test and its socket thread; only one of them uses them at a time.
private final class IdleSockets: @unchecked Sendable {
    let sockets: [RawSocket]
    init(_ sockets: [RawSocket]) { self.sockets = sockets }
}
