import Foundation
import TestSupport
import Testing

/// `google-api-codegen fetch` stops reading a Discovery document that never ends, with an error
/// naming the limit, instead of buffering it (i21).
@Suite("google-api-codegen fetch size limit")
struct FetchCommandLimitTests {
    @Test("an endless document fails with the limit named")
    func endlessDocument() async throws {
        let server = try RawResponder { connection in
            guard connection.send("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"kind\": \"")
            else { return }
            let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 256 << 10)
            while connection.send(piece) {}
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codegen-fetch-limit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let template = "http://127.0.0.1:\(server.port)/discovery/{name}/{version}/rest"
        let result = try await CodegenProcess.codegen(
            ["fetch", "huge", "v1", "--output", "-", "--discovery-url", template], directory: directory)
        #expect(result.status != 0)
        #expect(result.standardError.contains("67108864 bytes (64 MiB"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
