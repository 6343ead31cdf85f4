import Foundation
import GoogleEmulator
import Testing

@Suite("drive tool, run as a separate process against the emulator")
struct DriveToolTests {
    @Test("login through $BROWSER stores 0600 tokens; files list follows every page")
    func loginAndListAllPages() async throws {
        let fixture = try ToolFixture()
        let login = try await fixture.login("drive")
        #expect(login.status == 0, "\(login.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.tokenStore.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The seed data holds more files than one page of 100, so this needs a second page.
        let list = try await fixture.run("drive", "files", "list", "--json")
        #expect(list.status == 0, "\(list.standardError)")
        let files = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]]
        let listed = try #require(files)
        #expect(listed.count > 100)
        #expect(Set(listed.compactMap { $0["id"] as? String }).count == listed.count)
        let pageRequests = fixture.emulator.recordedRequests.filter { $0.path.hasSuffix("/drive/v3/files") && $0.method.rawValue == "GET" }
        #expect(pageRequests.count >= 2)
        // Drive v3 returns only id, name and mimeType unless asked, so the tool must ask.
        #expect(pageRequests.allSatisfy { ($0.query ?? "").contains("fields=") })
        #expect(listed.allSatisfy { $0["modifiedTime"] != nil })

        let limited = try await fixture.run("drive", "files", "list", "--max", "7")
        #expect(limited.status == 0)
        #expect(limited.standardOutput.contains("7 files"))
    }

    @Test("upload and download are byte-identical")
    func uploadAndDownloadRoundTrip() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let source = fixture.directory.appendingPathComponent("payload.bin")
        // Eight random bytes per call: byte-by-byte would hold a cooperative thread for seconds.
        var generator = SystemRandomNumberGenerator()
        let words = (0..<(3 * 1024 * 1024 / 8 + 16)).map { _ in generator.next() as UInt64 }
        let payload = words.withUnsafeBytes { Data($0.prefix(3 * 1024 * 1024 + 123)) }
        try payload.write(to: source)

        let upload = try await fixture.run("drive", "files", "upload", source.path, "--name", "payload.bin", "--json")
        #expect(upload.status == 0, "\(upload.standardError)")
        let created = try JSONSerialization.jsonObject(with: Data(upload.standardOutput.utf8)) as? [String: Any]
        let id = try #require(created?["id"] as? String)
        #expect(fixture.emulator.driveFileContent(id) == payload)

        let destination = fixture.directory.appendingPathComponent("downloaded.bin")
        let download = try await fixture.run("drive", "files", "download", "--output", destination.path, "--", id)
        #expect(download.status == 0, "\(download.standardError)")
        #expect(try Data(contentsOf: destination) == payload)
    }

    @Test("an expired access token is refreshed and the new one stored")
    func refreshesExpiredAccessToken() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let before = try Data(contentsOf: fixture.tokenStore)
        fixture.emulator.oauth.expireAccessTokens()
        let refreshesBefore = fixture.emulator.oauth.refreshRequestCount

        let list = try await fixture.run("drive", "files", "list", "--max", "3")
        #expect(list.status == 0, "\(list.standardError)")
        #expect(fixture.emulator.oauth.refreshRequestCount == refreshesBefore + 1)
        #expect(try Data(contentsOf: fixture.tokenStore) != before)
    }

    @Test("a revoked refresh token exits with 3 and tells the user to log in again")
    func revokedRefreshTokenExitsWithThree() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        fixture.emulator.oauth.revokeAll()
        fixture.emulator.oauth.expireAccessTokens()

        let list = try await fixture.run("drive", "files", "list")
        #expect(list.status == 3)
        #expect(list.standardError.contains("drive login"))
    }

    @Test("logout revokes the token at the server and deletes the store")
    func logoutRevokes() async throws {
        let fixture = try ToolFixture()
        _ = try await fixture.login("drive")
        let revokesBefore = fixture.emulator.oauth.revokeRequestCount

        let logout = try await fixture.run("drive", "logout")
        #expect(logout.status == 0, "\(logout.standardError)")
        #expect(fixture.emulator.oauth.revokeRequestCount == revokesBefore + 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.tokenStore.path))

        let status = try await fixture.run("drive", "status")
        #expect(status.standardOutput.contains("Not signed in"))
    }

    @Test("usage errors exit with 2; --help exits with 0 on every command")
    func usageAndHelp() async throws {
        let fixture = try ToolFixture()
        #expect(try await fixture.run("drive", "files", "list", "--max", "zero").status == 2)
        #expect(try await fixture.run("drive", "files", "list", "--bogus").status == 2)
        #expect(try await fixture.run("drive", "frobnicate").status == 2)
        for command in [["--help"], ["files", "list", "--help"], ["files", "upload", "--help"], ["login", "--help"]] {
            let help = try await ToolProcess.run("drive", command, environment: fixture.environment)
            #expect(help.status == 0)
            #expect(help.standardOutput.contains("USAGE"))
        }
    }
}
