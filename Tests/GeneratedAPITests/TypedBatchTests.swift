import Foundation
import GoogleDrive
import GoogleEmulator
import Testing

// MARK: - Typed batch

/// Generated `…Call(...)` values batched through the emulator's batch endpoint, each result
/// typed like its call.
@Suite struct TypedBatchTests {
    @Test func mixedCallsComeBackTypedAndInOrder() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let kept = try backend.emulator.addDriveFile(name: "kept.txt", mimeType: "text/plain", content: Data("keep".utf8))
        let doomed = try backend.emulator.addDriveFile(name: "doomed.txt", content: Data("bye".utf8))

        let (file, listing, missing, deletion) = try await drive.client.batch(
            drive.files.getCall(.init(fileId: kept)),
            drive.files.listCall(.init(pageSize: 2, q: "trashed = false")),
            drive.files.getCall(.init(fileId: "no-such-file")),
            drive.files.deleteCall(.init(fileId: doomed))
        )

        let got: Drive.File = try file.get()
        #expect(got.name == "kept.txt")
        #expect(got.mimeType == "text/plain")
        let page: Drive.FileList = try listing.get()
        #expect(page.files?.count == 2)
        #expect(page.nextPageToken != nil)
        switch missing {
        case .success: Issue.record("a missing file must fail")
        case .failure(let error): #expect((error as? GoogleAPIError)?.status == 404)
        }
        try deletion.get()
        #expect(!backend.emulator.driveFileExists(doomed))
        #expect(backend.emulator.driveFileExists(kept))
    }

    @Test func manyCallsOfOneType() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let names = ["a.txt", "b.txt", "c.txt"]
        let ids = try names.map { try backend.emulator.addDriveFile(name: $0, content: Data($0.utf8)) }

        let results = try await drive.client.batch(ids.map { drive.files.getCall(.init(fileId: $0)) })
        #expect(try results.map { try $0.get().name } == names)
    }

    @Test func aTypedCallRunsAlone() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let id = try backend.emulator.addDriveFile(name: "solo.txt", content: Data("x".utf8))
        let file = try await drive.client.execute(drive.files.getCall(.init(fileId: id)))
        #expect(file.name == "solo.txt")
    }
}
