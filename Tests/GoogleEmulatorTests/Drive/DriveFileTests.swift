import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@Suite struct DriveFileTests {
    typealias Seed = GoogleEmulator.Seed

    @Test func getReturnsDriveShapedMetadata() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.get, "/drive/v3/files/\(Seed.binaryFileID)?fields=*")
        #expect(response.status == 200)
        let file = response.json
        #expect(file.string("kind") == "drive#file")
        #expect(file.string("id") == Seed.binaryFileID)
        #expect(file.string("name") == "sample-1MiB.bin")
        #expect(file.string("size") == String(Seed.binaryFileSize))
        #expect(file.string("md5Checksum") == harness.emulator.driveFileMD5(Seed.binaryFileID))
        #expect(file.string("md5Checksum")?.count == 32)
        #expect(file["trashed"] as? Bool == false)
        #expect((file["parents"] as? [String])?.count == 1)
        #expect(file.string("createdTime")?.hasSuffix("Z") == true)
        let owner = (file["owners"] as? [[String: Any]])?.first ?? [:]
        #expect(owner["me"] as? Bool == true)
        #expect(owner.string("emailAddress") == "user@example.com")
    }

    @Test func missingFileIsGoogleStyle404() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.get, "/drive/v3/files/doesNotExist")
        #expect(response.status == 404)
        let error = response.json.object("error")
        #expect(error["code"] as? Int == 404)
        #expect(error.string("message") == "File not found: doesNotExist.")
        #expect(error.string("status") == "NOT_FOUND")
        let item = error.array("errors").first ?? [:]
        #expect(item.string("reason") == "notFound")
        #expect(item.string("location") == "fileId")
        #expect(item.string("locationType") == "parameter")
    }

    @Test func downloadWholeAndRanges() async throws {
        let harness = try EmulatorHarness()
        let path = "/drive/v3/files/\(Seed.binaryFileID)?alt=media"
        let whole = try await harness.send(.get, path)
        #expect(whole.status == 200)
        #expect(whole.body.count == Seed.binaryFileSize)
        #expect(whole.body == harness.emulator.driveFileContent(Seed.binaryFileID))

        let middle = try await harness.send(.get, path, headers: ["Range": "bytes=1000-1999"])
        #expect(middle.status == 206)
        #expect(middle.headers["Content-Range"] == "bytes 1000-1999/\(Seed.binaryFileSize)")
        #expect(middle.body == whole.body.subdata(in: 1000..<2000))

        let suffix = try await harness.send(.get, path, headers: ["Range": "bytes=-10"])
        #expect(suffix.status == 206)
        #expect(suffix.body == whole.body.suffix(10))

        let open = try await harness.send(.get, path, headers: ["Range": "bytes=1048570-"])
        #expect(open.body.count == 6)

        let beyond = try await harness.send(.get, path, headers: ["Range": "bytes=2000000-"])
        #expect(beyond.status == 416)
        #expect(beyond.headers["Content-Range"] == "bytes */\(Seed.binaryFileSize)")
    }

    @Test func downloadToFileStreamsToDisk() async throws {
        let harness = try EmulatorHarness()
        let target = temporaryFileURL("download")
        defer { try? FileManager.default.removeItem(at: target) }
        let head = try await harness.transport.download(
            GoogleHTTPRequest(
                url: harness.url("/drive/v3/files/\(Seed.binaryFileID)?alt=media"), headers: ["Authorization": "Bearer \(harness.token)"]),
            to: target)
        #expect(head.status == 200)
        #expect(try Data(contentsOf: target) == harness.emulator.driveFileContent(Seed.binaryFileID))
    }

    @Test func docsCannotBeDownloadedButExport() async throws {
        let harness = try EmulatorHarness()
        let media = try await harness.send(.get, "/drive/v3/files/\(Seed.meetingNotesDocumentID)?alt=media")
        #expect(media.status == 403)
        #expect(media.errorReason == "fileNotDownloadable")

        let text = try await harness.send(.get, "/drive/v3/files/\(Seed.meetingNotesDocumentID)/export?mimeType=text/plain")
        #expect(text.status == 200)
        #expect(text.headers["Content-Type"] == "text/plain")
        #expect(text.text.contains("Attendees: Ada, Grace, Linus"))

        let pdf = try await harness.send(.get, "/drive/v3/files/\(Seed.meetingNotesDocumentID)/export?mimeType=application/pdf")
        #expect(pdf.status == 200)
        #expect(pdf.body.starts(with: Data("%PDF-1.4".utf8)))
        #expect(pdf.text.hasSuffix("%%EOF\n"))

        let csv = try await harness.send(.get, "/drive/v3/files/\(Seed.budgetSpreadsheetID)/export?mimeType=text/csv")
        #expect(csv.text.contains("Servers,1200"))

        let binary = try await harness.send(.get, "/drive/v3/files/\(Seed.binaryFileID)/export?mimeType=text/plain")
        #expect(binary.status == 403)
        #expect(binary.errorReason == "fileNotExportable")

        let unsupported = try await harness.send(.get, "/drive/v3/files/\(Seed.meetingNotesDocumentID)/export?mimeType=image/gif")
        #expect(unsupported.status == 400)
        let missing = try await harness.send(.get, "/drive/v3/files/\(Seed.meetingNotesDocumentID)/export")
        #expect(missing.errorReason == "required")
    }

    @Test func createUpdateDeleteMetadata() async throws {
        let harness = try EmulatorHarness()
        let created = try await harness.sendJSON(
            .post, "/drive/v3/files",
            json: [
                "name": "New Folder", "mimeType": "application/vnd.google-apps.folder",
            ])
        #expect(created.status == 200)
        let folderID = try #require(created.json.string("id"))
        #expect(created.json.string("mimeType") == "application/vnd.google-apps.folder")

        let doc = try await harness.sendJSON(
            .post, "/drive/v3/files?fields=id,parents",
            json: [
                "name": "Draft", "mimeType": "application/vnd.google-apps.document", "parents": [folderID],
            ])
        let docID = try #require(doc.json.string("id"))
        #expect((doc.json["parents"] as? [String]) == [folderID])

        let renamed = try await harness.sendJSON(
            .patch,
            "/drive/v3/files/\(docID)?addParents=\(GoogleEmulator.Seed.projectsFolderID)&removeParents=\(folderID)&fields=name,starred,parents",
            json: ["name": "Final", "starred": true, "description": "done"])
        #expect(renamed.status == 200)
        #expect(renamed.json.string("name") == "Final")
        #expect(renamed.json["starred"] as? Bool == true)
        #expect((renamed.json["parents"] as? [String]) == [GoogleEmulator.Seed.projectsFolderID])

        let badType = try await harness.sendJSON(.patch, "/drive/v3/files/\(docID)", json: ["name": 42])
        #expect(badType.status == 400)

        let badParent = try await harness.sendJSON(.post, "/drive/v3/files", json: ["name": "x", "parents": ["nope"]])
        #expect(badParent.status == 404)

        #expect(try await harness.send(.delete, "/drive/v3/files/\(folderID)").status == 204)
        #expect(try await harness.send(.get, "/drive/v3/files/\(folderID)").status == 404)
        #expect(try await harness.send(.delete, "/drive/v3/files/\(folderID)").status == 404)
        // The document moved out of the folder before it was deleted, so it survives.
        #expect(try await harness.send(.get, "/drive/v3/files/\(docID)").status == 200)

        let invalidJSON = try await harness.send(
            .post, "/drive/v3/files", headers: ["Content-Type": "application/json"], body: .data(Data("{not json".utf8)))
        #expect(invalidJSON.status == 400)
        #expect(invalidJSON.errorReason == "parseError")
    }

    @Test func aboutAndRootAlias() async throws {
        let harness = try EmulatorHarness()
        let about = try await harness.send(.get, "/drive/v3/about?fields=user,storageQuota")
        #expect(about.status == 200)
        #expect(about.json.object("user").string("emailAddress") == "user@example.com")
        #expect(about.json.object("storageQuota").string("limit") != nil)
        #expect(about.json["kind"] == nil)
        let root = try await harness.send(.get, "/drive/v3/files/root")
        #expect(root.json.string("name") == "My Drive")
    }
}
