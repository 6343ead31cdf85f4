import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// An emulator on a free port, a real CurlTransport and a token, for one test.
struct EmulatorHarness {
    let emulator: GoogleEmulator
    let transport: CurlTransport
    let token: String

    static let driveScope = "https://www.googleapis.com/auth/drive"
    static let youTubeScope = "https://www.googleapis.com/auth/youtube"

    init(configuration: GoogleEmulator.Configuration = .init(), scopes: [String] = [driveScope, youTubeScope]) throws {
        emulator = try GoogleEmulator.start(configuration: configuration)
        transport = CurlTransport()
        token = emulator.issueAccessToken(scopes: scopes)
    }

    func url(_ pathAndQuery: String) -> URL {
        URL(string: emulator.baseURL.absoluteString + pathAndQuery)!
    }

    /// Sends a request with the harness token (unless `authorized` is false).
    func send(
        _ method: GoogleHTTPMethod, _ pathAndQuery: String, headers: GoogleHTTPHeaders = [:], body: HTTPRequestBody = .empty,
        authorized: Bool = true
    ) async throws -> GoogleHTTPResponse {
        var headers = headers
        if authorized && !headers.contains("Authorization") { headers["Authorization"] = "Bearer \(token)" }
        return try await transport.send(GoogleHTTPRequest(method: method, url: url(pathAndQuery), headers: headers, body: body))
    }

    func sendJSON(_ method: GoogleHTTPMethod, _ pathAndQuery: String, json: [String: Any]) async throws -> GoogleHTTPResponse {
        let data = try JSONSerialization.data(withJSONObject: json)
        return try await send(method, pathAndQuery, headers: ["Content-Type": "application/json"], body: .data(data))
    }
}

// MARK: - JSON access

extension GoogleHTTPResponse {
    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// `error.errors[0].reason` of a Google error body.
    var errorReason: String? {
        ((json["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["reason"] as? String
    }
}

extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> [String: Any] { self[key] as? [String: Any] ?? [:] }
    func array(_ key: String) -> [[String: Any]] { self[key] as? [[String: Any]] ?? [] }
    func string(_ key: String) -> String? { self[key] as? String }
}

/// Deterministic test bytes.
func testBytes(_ count: Int, seed: UInt8 = 7) -> Data {
    Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ Int(seed) &+ ($0 >> 10)) })
}

/// A unique temporary file URL.
func temporaryFileURL(_ name: String = "file") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("emulator-test-\(UUID().uuidString)-\(name)")
}
