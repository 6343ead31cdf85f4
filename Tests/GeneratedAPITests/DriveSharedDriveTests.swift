import Foundation
import GoogleDrive
import GoogleEmulator
import TestSupport
import Testing

// MARK: - Shared drives by default

/// `supportsAllDrives` / `includeItemsFromAllDrives` sent by default, against the emulator's
/// shared drives (which answer 404 without them, as Google does).
@Suite struct DriveSharedDriveTests {
    @Test func sharedDriveFilesAreFoundByDefaultAndNotFoundWithTheDefaultOff() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let emulator = backend.emulator
        let team = emulator.addSharedDrive(name: "Team")
        let id = try emulator.addDriveFile(name: "team-plan.txt", content: Data("plan".utf8), parentID: team)
        var drive = Drive(session: backend.session, rootURL: backend.rootURL)
        #expect(drive.includesSharedDrives)

        let file = try await drive.files.get(fileId: id, fields: "id,name,driveId")
        #expect(file.driveId == team)
        let listed = try await drive.files.list(q: "name = 'team-plan.txt'", fields: "files(id)")
        #expect(listed.files?.map(\.id) == [id])
        let inDrive = try await drive.files.list(corpora: "drive", driveId: team, fields: "files(id)")
        #expect(inDrive.files?.map(\.id) == [id])
        let content = try await drive.files.getMediaStream(.init(fileId: id)).reduce(into: Data()) { $0.append($1) }
        #expect(content == Data("plan".utf8))

        // Per call: an explicit false wins over the default, and Google's answer is a 404.
        await expectNotFound { _ = try await drive.files.get(fileId: id, supportsAllDrives: false) }

        // For the whole service.
        drive.includesSharedDrives = false
        await expectNotFound { _ = try await drive.files.get(fileId: id) }
        let withoutShared = try await drive.files.list(q: "name = 'team-plan.txt'", fields: "files(id)")
        #expect(withoutShared.files?.isEmpty == true)
        // My Drive files are unaffected either way.
        #expect(try await drive.files.get(fileId: GoogleEmulator.Seed.helloTextFileID).id == GoogleEmulator.Seed.helloTextFileID)
        let requests = emulator.recordedRequests.filter { $0.path == "/drive/v3/files/\(id)" }
        #expect(requests.first?.query?.contains("supportsAllDrives=true") == true)
        #expect(requests.last?.query?.contains("supportsAllDrives") == false)
    }

    @Test func defaultsGoOnlyToMethodsThatDeclareThem() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        _ = try await drive.about.get(fields: "user")
        _ = try await drive.changes.getStartPageToken()
        let log = backend.emulator.recordedRequests
        let about = try #require(log.first { $0.path == "/drive/v3/about" })
        #expect(about.query?.contains("AllDrives") == false, "about.get has neither parameter")
        let start = try #require(log.first { $0.path == "/drive/v3/changes/startPageToken" })
        #expect(start.query?.contains("supportsAllDrives=true") == true)
        #expect(start.query?.contains("includeItemsFromAllDrives") == false, "getStartPageToken does not declare it")
    }

    @Test func drivesAreCreatedListedAndRead() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let created = try await drive.drives.create(requestId: "req-1", body: Drive.DriveSchema(name: "Design"))
        let again = try await drive.drives.create(requestId: "req-1", body: Drive.DriveSchema(name: "Design"))
        #expect(created.id == again.id, "a repeated requestId answers the same drive")
        let id = try #require(created.id)
        #expect(try await drive.drives.get(driveId: id).name == "Design")
        let folder = try await drive.files.create(
            body: Drive.File(mimeType: "application/vnd.google-apps.folder", name: "Specs", parents: [id]), fields: "id,driveId")
        #expect(folder.driveId == id)
        var names: [String] = []
        for try await item in drive.drives.listPages(.init(pageSize: 1)).items { names.append(item.name ?? "") }
        #expect(names == ["Design"])
        do {
            _ = try await drive.drives.get(driveId: "0Amissing")
            Issue.record("an unknown drive must be 404")
        } catch let error as GoogleAPIError {
            #expect(error.status == 404)
        }
    }

    private func expectNotFound(_ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected 404 File not found")
        } catch let error as GoogleAPIError {
            #expect(error.status == 404)
            #expect(error.message?.hasPrefix("File not found") == true)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
