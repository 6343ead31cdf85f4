import Foundation
import GoogleHTTP
import LocalHTTPServer
import Synchronization

/// Starts a server on a free port for one test; stopped when the returned value is released.
func startServer(
    _ configuration: LocalHTTPServer.Configuration = .init(),
    handler: @escaping HTTPServerHandler = echoHandler
) throws -> LocalHTTPServer {
    try LocalHTTPServer.start(configuration: configuration, handler: handler)
}

/// Answers with the method, path, the body length and the body itself.
let echoHandler: HTTPServerHandler = { request in
    var response = HTTPServerResponse(status: 200, body: .data(request.body))
    response.headers["X-Method"] = request.method.rawValue
    response.headers["X-Path"] = request.path
    response.headers["X-Connection"] = String(request.connectionID)
    response.headers["X-Body-Length"] = String(request.body.count)
    return response
}

/// A temporary file with `count` deterministic bytes.
func makeTemporaryFile(count: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("localhttpserver-\(UUID().uuidString)")
    try patternBytes(count).write(to: url)
    return url
}

func patternBytes(_ count: Int, seed: Int = 0) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 31) &+ seed &+ ($0 >> 8)) })
}

/// Server-side TCP sockets on `port` that the peer closed but the server still holds open
/// (state CLOSE_WAIT in /proc/net/tcp): each one is a leaked descriptor.
func leakedServerSockets(port: Int) -> Int {
    #if os(Linux)
    guard let table = try? String(contentsOfFile: "/proc/net/tcp", encoding: .utf8) else { return 0 }
    let portHex = String(format: ":%04X", port)
    return table.split(separator: "\n").dropFirst().filter { line in
        let columns = line.split(separator: " ")
        return columns.count > 3 && columns[1].hasSuffix(portHex) && columns[3] == "08"
    }.count
    #else
    return 0  // No /proc/net/tcp: the leak check runs on Linux only.
    #endif
}

/// Runs blocking socket work on its own thread. Test functions run on the cooperative pool, and
/// blocking its few threads in `recv` would starve the server's handler tasks.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}
