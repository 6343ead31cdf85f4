import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// Shared drives as Google answers them: 404 for their files without `supportsAllDrives`, the
/// corpora rules of files.list.
@Suite struct DriveSharedDriveEmulatorTests {
    @Test func filesInASharedDriveAreNotFoundWithoutSupportsAllDrives() async throws {
        let harness = try EmulatorHarness()
        let created = try await harness.sendJSON(.post, "/drive/v3/drives?requestId=r1", json: ["name": "Team"])
        #expect(created.status == 200)
        let team = try #require(created.json.string("id"))
        #expect(created.json.string("kind") == "drive#drive")

        let refused = try await harness.sendJSON(.post, "/drive/v3/files", json: ["name": "x", "parents": [team]])
        #expect(refused.status == 404)
        let file = try await harness.sendJSON(
            .post, "/drive/v3/files?supportsAllDrives=true&fields=id,driveId,parents", json: ["name": "x", "parents": [team]])
        #expect(file.status == 200)
        #expect(file.json.string("driveId") == team)
        let id = try #require(file.json.string("id"))

        let hidden = try await harness.send(.get, "/drive/v3/files/\(id)")
        #expect(hidden.status == 404)
        #expect(hidden.json.object("error").string("message") == "File not found: \(id).")
        #expect(try await harness.send(.get, "/drive/v3/files/\(id)?supportsAllDrives=true").status == 200)
        #expect(try await harness.send(.delete, "/drive/v3/files/\(id)").status == 404)
        #expect(try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["name": "y"]).status == 404)

        // files.list: My Drive only by default; corpora rules as at Google.
        let plain = try await harness.send(.get, "/drive/v3/files?q=name%3D'x'")
        #expect(plain.json.array("files").isEmpty)
        let all = try await harness.send(.get, "/drive/v3/files?q=name%3D'x'&includeItemsFromAllDrives=true&supportsAllDrives=true")
        #expect(all.json.array("files").count == 1)
        #expect(try await harness.send(.get, "/drive/v3/files?driveId=\(team)").status == 403)
        #expect(try await harness.send(.get, "/drive/v3/files?corpora=drive&driveId=\(team)").status == 403)
        let inDrive = try await harness.send(
            .get, "/drive/v3/files?corpora=drive&driveId=\(team)&includeItemsFromAllDrives=true&supportsAllDrives=true")
        #expect(inDrive.json.array("files").map { $0.string("id") } == [id])
        #expect(try await harness.send(.get, "/drive/v3/files?corpora=allDrives").status == 403)

        let drives = try await harness.send(.get, "/drive/v3/drives")
        #expect(drives.json.array("drives").map { $0.string("name") } == ["Team"])
        #expect(try await harness.send(.get, "/drive/v3/drives/\(team)").json.string("name") == "Team")
        #expect(try await harness.send(.get, "/drive/v3/drives/nope").status == 404)
        #expect(try await harness.sendJSON(.post, "/drive/v3/drives", json: ["name": "No request ID"]).status == 400)
    }

    @Test func exportsPastTenMegabytesAreRefusedButTheirLinksWork() async throws {
        let harness = try EmulatorHarness()
        let text = String(repeating: "0123456789\n", count: GoogleEmulator.driveExportSizeLimit / 11 + 10)
        let id = harness.emulator.addDriveDocument(name: "Big", text: text)
        let export = try await harness.send(.get, "/drive/v3/files/\(id)/export?mimeType=text/plain")
        #expect(export.status == 403)
        #expect(export.errorReason == "exportSizeLimitExceeded")
        let metadata = try await harness.send(.get, "/drive/v3/files/\(id)?fields=exportLinks")
        let link = try #require(metadata.json.object("exportLinks").string("text/plain"))
        #expect(link.hasPrefix(harness.emulator.baseURL.absoluteString))
        let url = try #require(URL(string: link))
        let viaLink = try await harness.transport.send(GoogleHTTPRequest(url: url, headers: ["Authorization": "Bearer \(harness.token)"]))
        #expect(viaLink.status == 200)
        #expect(viaLink.body.count == 3 + text.utf8.count)
        #expect(try await harness.transport.send(GoogleHTTPRequest(url: url)).status == 401, "links need the user's token")
    }
}
