import Foundation
import GoogleDrive
import GoogleEmulator
import Testing

// MARK: - Drive end to end

/// Generated Drive calls against the emulator through the real transport.
@Suite struct DriveEndToEndTests {
    @Test func listItemsFollowsEveryPage() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let session = backend.session
        let drive = Drive(session: session, rootURL: backend.rootURL)

        var names: [String] = []
        for try await file in drive.files.listPages(.init(q: "trashed = false")).items {
            names.append(file.name ?? "")
        }
        #expect(names.count == GoogleEmulator.Seed.fileCount, "seed data spans two pages of 100")
        #expect(Set(names).count > 1)

        var pages = 0
        for try await page in drive.files.listPages(.init(pageSize: 50, q: "trashed = false")) {
            pages += 1
            #expect((page.files?.count ?? 0) <= 50)
        }
        #expect(pages == 3)
    }

    @Test func singlePageAndGet() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)

        let page = try await drive.files.list(pageSize: 10)
        #expect(page.files?.count == 10)
        #expect(page.nextPageToken != nil)

        let file = try await drive.files.get(fileId: GoogleEmulator.Seed.helloTextFileID)
        #expect(file.id == GoogleEmulator.Seed.helloTextFileID)
        #expect(file.name?.isEmpty == false)
    }

    @Test func downloadToFileAndStream() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }

        let destination = scratch.file("hello.txt")
        try await drive.files.getMedia(.init(fileId: GoogleEmulator.Seed.helloTextFileID), to: destination)
        #expect(try String(contentsOf: destination, encoding: .utf8) == GoogleEmulator.Seed.helloText)

        var streamed = Data()
        for try await chunk in try await drive.files.getMediaStream(.init(fileId: GoogleEmulator.Seed.binaryFileID)) {
            streamed.append(chunk)
        }
        #expect(streamed.count == GoogleEmulator.Seed.binaryFileSize)
    }

    @Test func createWithUploadStoresTheBytes() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveFile])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let content = Data((0..<70_000).map { UInt8($0 % 251) })

        let created = try await drive.files.create(
            body: Drive.File(mimeType: "application/octet-stream", name: "generated-upload.bin"),
            media: MediaUpload(.data(content), contentType: "application/octet-stream", strategy: .multipart)
        )
        let id = try #require(created.id)
        #expect(created.name == "generated-upload.bin")
        #expect(backend.emulator.driveFileContent(id) == content)

        let resumable = try await drive.files.create(
            body: Drive.File(name: "resumable.bin"),
            media: MediaUpload(.data(content), contentType: "application/octet-stream", strategy: .resumable(chunkSize: 256 * 1024))
        )
        #expect(backend.emulator.driveFileContent(try #require(resumable.id)) == content)

        let metadataOnly = try await drive.files.create(body: Drive.File(mimeType: "application/vnd.google-apps.folder", name: "Folder"))
        #expect(metadataOnly.mimeType == "application/vnd.google-apps.folder")
    }

    @Test func exportGoogleDocument() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }

        let destination = scratch.file("notes.txt")
        try await drive.files.exportMedia(
            .init(fileId: GoogleEmulator.Seed.meetingNotesDocumentID, mimeType: "text/plain"), to: destination)
        let exported = try Data(contentsOf: destination)
        #expect(!exported.isEmpty)

        var streamed = Data()
        for try await chunk in try await drive.files.exportMediaStream(
            .init(fileId: GoogleEmulator.Seed.meetingNotesDocumentID, mimeType: "text/plain"))
        {
            streamed.append(chunk)
        }
        #expect(streamed == exported)
    }

    @Test func callsOutsideTheGrantedScopesAreRefusedBeforeSending() async throws {
        let backend = try EmulatorBackend(scopes: ["https://www.googleapis.com/auth/youtube.readonly"])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let before = backend.emulator.recordedRequests.count
        await #expect(throws: OAuthError.self) {
            _ = try await drive.files.get(fileId: GoogleEmulator.Seed.helloTextFileID)
        }
        #expect(backend.emulator.recordedRequests.count == before, "nothing was sent")
    }

    @Test func apiErrorsSurfaceAsGoogleAPIError() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let error = await #expect(throws: GoogleAPIError.self) {
            _ = try await drive.files.get(fileId: "does-not-exist")
        }
        #expect(error?.status == 404)
    }
}
