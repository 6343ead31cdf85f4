import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// The emulator's Drive media endpoints under hostile or version-sensitive input.
@Suite("Drive media edges")
struct DriveEdgeInputTests {
    @Test(
        "An overflowing Content-Range on a resumable chunk is a 400, not a trap",
        arguments: [
            "bytes 0-9223372036854775807/*", "bytes 9223372036854775806-9223372036854775807/*",
            "bytes 0-99999999999999999999/*",
        ])
    func overflowingContentRange(header: String) async throws {
        let harness = try EmulatorHarness()
        let start = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=resumable",
            headers: ["Content-Type": "application/json; charset=UTF-8"], body: .data(Data(#"{"name":"x"}"#.utf8)))
        let location = try #require(start.headers["Location"])
        let response = try await harness.transport.send(
            GoogleHTTPRequest(
                method: .put, url: URL(string: location)!, headers: ["Content-Range": header], body: .data(Data("x".utf8))))
        #expect(response.status == 400)
    }

    @Test("If-Range with another ETag gets the whole current version (200), a matching one the range (206)")
    func ifRange() async throws {
        let harness = try EmulatorHarness()
        let content = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0) })
        let id = try harness.emulator.addDriveFile(name: "v.bin", content: content)
        let first = try await harness.send(.get, "/drive/v3/files/\(id)?alt=media")
        let etag = try #require(first.headers["ETag"])

        let stale = try await harness.send(
            .get, "/drive/v3/files/\(id)?alt=media", headers: ["Range": "bytes=100-", "If-Range": "\"stale\""])
        #expect(stale.status == 200)
        #expect(stale.body == content)

        let current = try await harness.send(.get, "/drive/v3/files/\(id)?alt=media", headers: ["Range": "bytes=100-", "If-Range": etag])
        #expect(current.status == 206)
        #expect(current.body == content.subdata(in: 100..<1000))
    }
}
