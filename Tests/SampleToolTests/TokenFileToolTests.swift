import Foundation
import GoogleEmulator
import TestSupport
import Testing

/// Token files shared by processes and token files that are damaged.
@Suite("drive: shared and damaged token files")
struct TokenFileToolTests {
    @Test("ten processes starting with an expired access token send one refresh")
    func oneRefreshAcrossProcesses() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        // Expire the stored access token (the file's own expiry, as after a night's sleep).
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.tokenStore)) as? [String: Any])
        var credentials = try #require(object["credentials"] as? [String: Any])
        credentials["expiresAt"] = Date().timeIntervalSince1970 - 3600
        object["credentials"] = credentials
        try JSONSerialization.data(withJSONObject: object).write(to: fixture.tokenStore)
        let refreshesBefore = fixture.emulator.oauth.refreshRequestCount

        let children = try (0..<10).map { _ in
            try ChildProcess.start(
                ToolProcess.productsDirectory.appendingPathComponent("drive"), ["files", "list", "--max", "1"],
                environment: fixture.environment)
        }
        var statuses: [Int32] = []
        for child in children { statuses.append(await child.finish().status) }
        #expect(statuses == Array(repeating: 0, count: 10))
        #expect(fixture.emulator.oauth.refreshRequestCount == refreshesBefore + 1)
    }

    @Test("a token file holding [] names the JSON path, and login alone recovers it")
    func corruptTokenFile() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        try Data("[]".utf8).write(to: fixture.tokenStore)
        let list = try await fixture.run("drive", "files", "list", "--max", "1")
        #expect(list.status == 1)
        #expect(list.standardError.contains("$ should be an object, found an array"), "\(list.standardError)")
        #expect(list.standardError.contains("`drive login`"), "\(list.standardError)")

        let login = try await fixture.login("drive")
        #expect(login.status == 0, "\(login.standardError)")
        let again = try await fixture.run("drive", "files", "list", "--max", "1")
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test("an HTML page where JSON was expected is called one, with its content type")
    func captivePortal() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let portal = try RawResponder { connection in
            let page = "<!DOCTYPE html><html><body>Sign in to the hotel Wi-Fi</body></html>"
            connection.send(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)"
            )
        }
        var environment = fixture.environment
        environment["GOOGLE_API_ROOT_URL"] = "http://127.0.0.1:\(portal.port)/"
        let list = try await ToolProcess.run("drive", ["files", "list", "--max", "1"], environment: environment)
        #expect(list.status == 1)
        #expect(list.standardError.contains("HTML page"), "\(list.standardError)")
        #expect(list.standardError.contains("text/html"))
        #expect(list.standardError.contains("captive portal"))
    }
}
