import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

/// changes.getStartPageToken and changes.list over the emulator's change log, raw.
@Suite struct DriveChangeLogTests {
    private func startToken(_ harness: EmulatorHarness, query: String = "") async throws -> String {
        let response = try await harness.send(.get, "/drive/v3/changes/startPageToken" + query)
        #expect(response.status == 200)
        #expect(response.json.string("kind") == "drive#startPageToken")
        return try #require(response.json.string("startPageToken"))
    }

    @Test func createUpdateTrashAndDeleteAreChangesInOrder() async throws {
        let harness = try EmulatorHarness()
        let token = try await startToken(harness)
        let created = try await harness.sendJSON(.post, "/drive/v3/files", json: ["name": "a.txt"])
        let id = try #require(created.json.string("id"))
        #expect(try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["name": "b.txt"]).status == 200)
        #expect(try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["trashed": true]).status == 200)
        #expect(try await harness.send(.delete, "/drive/v3/files/\(id)").status == 204)

        let page = try await harness.send(.get, "/drive/v3/changes?pageToken=\(token)&fields=*")
        #expect(page.status == 200)
        let changes = page.json.array("changes")
        #expect(changes.count == 4)
        #expect(changes.allSatisfy { $0.string("fileId") == id && $0.string("changeType") == "file" && $0.string("time") != nil })
        // A file deleted since is reported removed (its latest state), with no file.
        #expect(changes.allSatisfy { $0["removed"] as? Bool == true && $0["file"] == nil })
        #expect(page.json.string("nextPageToken") == nil)
        let next = try #require(page.json.string("newStartPageToken"))
        #expect(next == (try await startToken(harness)))
        let empty = try await harness.send(.get, "/drive/v3/changes?pageToken=\(next)")
        #expect(empty.json.array("changes").isEmpty)
        #expect(empty.json.string("newStartPageToken") == next)
    }

    @Test func permissionChangesAreChanges() async throws {
        let harness = try EmulatorHarness()
        let id = try harness.emulator.addDriveFile(name: "shared.txt", content: Data("s".utf8))
        let token = try await startToken(harness)
        let granted = try await harness.sendJSON(
            .post, "/drive/v3/files/\(id)/permissions", json: ["type": "user", "role": "reader", "emailAddress": "friend@example.com"])
        #expect(granted.status == 200)
        let permissionID = try #require(granted.json.string("id"))
        let list = try await harness.send(.get, "/drive/v3/files/\(id)/permissions")
        #expect(list.json.array("permissions").map { $0.string("role") } == ["owner", "reader"])
        #expect(
            try await harness.sendJSON(.patch, "/drive/v3/files/\(id)/permissions/\(permissionID)", json: ["role": "writer"]).status == 200)
        #expect(try await harness.send(.delete, "/drive/v3/files/\(id)/permissions/\(permissionID)").status == 204)
        #expect(try await harness.send(.delete, "/drive/v3/files/\(id)/permissions/\(permissionID)").status == 404)
        let bad = try await harness.sendJSON(.post, "/drive/v3/files/\(id)/permissions", json: ["type": "user", "role": "reader"])
        #expect(bad.status == 400)
        let changes = try await harness.send(.get, "/drive/v3/changes?pageToken=\(token)").json.array("changes")
        #expect(changes.map { $0.string("fileId") } == [id, id, id], "grant, role change, removal")
    }

    @Test func pagesCarryNextPageTokenUntilTheLast() async throws {
        let harness = try EmulatorHarness()
        var token = try await startToken(harness)
        for index in 0..<7 { try harness.emulator.addDriveFile(name: "f\(index)", content: Data([UInt8(index)])) }
        var names: [String] = []
        var pages = 0
        while true {
            let page = try await harness.send(.get, "/drive/v3/changes?pageSize=3&pageToken=\(token)")
            #expect(page.status == 200)
            pages += 1
            names += page.json.array("changes").compactMap { $0.object("file").string("name") }
            if let next = page.json.string("nextPageToken") {
                #expect(page.json["newStartPageToken"] == nil)
                token = next
            } else {
                #expect(page.json.string("newStartPageToken") != nil)
                break
            }
        }
        #expect(names == (0..<7).map { "f\($0)" })
        #expect(pages == 3)
    }

    @Test func expiredAndMalformedTokensAre400() async throws {
        let harness = try EmulatorHarness()
        let token = try await startToken(harness)
        harness.emulator.expireDriveChangeTokens()
        for bad in [token, "abc", "0", "99999"] {
            let response = try await harness.send(.get, "/drive/v3/changes?pageToken=\(bad)")
            #expect(response.status == 400, "\(bad)")
            let item = ((response.json.object("error")["errors"] as? [[String: Any]])?.first) ?? [:]
            #expect(item.string("location") == "pageToken")
        }
        #expect(try await harness.send(.get, "/drive/v3/changes").status == 400, "pageToken is required")
        #expect(try await harness.send(.get, "/drive/v3/changes?pageToken=\(try await startToken(harness))").status == 200)
    }

    @Test func sharedDriveChangesNeedTheirFlags() async throws {
        let harness = try EmulatorHarness()
        let team = harness.emulator.addSharedDrive(name: "Team")
        let mine = try await startToken(harness)
        let theirs = try await startToken(harness, query: "?driveId=\(team)&supportsAllDrives=true")
        let id = try harness.emulator.addDriveFile(name: "t", content: Data("t".utf8), parentID: team)

        let withoutFlags = try await harness.send(.get, "/drive/v3/changes?pageToken=\(mine)")
        #expect(withoutFlags.json.array("changes").isEmpty, "My Drive only unless includeItemsFromAllDrives")
        let all = try await harness.send(.get, "/drive/v3/changes?pageToken=\(mine)&includeItemsFromAllDrives=true&supportsAllDrives=true")
        #expect(all.json.array("changes").map { $0.string("fileId") } == [id])
        #expect(all.json.array("changes").first?.string("driveId") == team)

        #expect(try await harness.send(.get, "/drive/v3/changes?pageToken=\(theirs)&driveId=\(team)").status == 404)
        let noInclude = try await harness.send(.get, "/drive/v3/changes?pageToken=\(theirs)&driveId=\(team)&supportsAllDrives=true")
        #expect(noInclude.status == 403)
        let drivePage = try await harness.send(
            .get, "/drive/v3/changes?pageToken=\(theirs)&driveId=\(team)&supportsAllDrives=true&includeItemsFromAllDrives=true")
        #expect(drivePage.json.array("changes").map { $0.string("fileId") } == [id])
    }
}
