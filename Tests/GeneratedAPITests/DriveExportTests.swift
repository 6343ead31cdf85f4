import Foundation
import GoogleDrive
import GoogleEmulator
import TestSupport
import Testing

// MARK: - Exports past files.export's limit

@Suite struct DriveExportTests {
    @Test func a20MegabyteExportComesThroughTheExportLink() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let line = String(repeating: "0123456789abcdef", count: 4) + "\n"
        let text = String(repeating: line, count: 20 * 1024 * 1024 / line.utf8.count)
        let id = backend.emulator.addDriveDocument(name: "Huge report", text: text)

        // files.export alone refuses.
        do {
            try await drive.files.exportMedia(.init(fileId: id, mimeType: "text/plain"), to: scratch.file("direct.txt"))
            Issue.record("files.export must refuse over 10 MB")
        } catch let error as GoogleAPIError {
            #expect(error.status == 403)
            #expect(error.reasons == ["exportSizeLimitExceeded"])
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("direct.txt").path))

        let destination = scratch.file("huge.txt")
        let route = try await drive.exportContent(fileID: id, mimeType: "text/plain", to: destination)
        #expect(route == .exportLink)
        let exported = try Data(contentsOf: destination)
        #expect(exported.count == 3 + text.utf8.count, "byte order mark and the whole text")
        #expect(exported.count > GoogleEmulator.driveExportSizeLimit)
        #expect(exported.suffix(line.utf8.count) == Data(line.utf8))
        #expect(!FileManager.default.fileExists(atPath: GoogleServiceClient.partialDownloadURL(for: destination).path))
        #expect(backend.emulator.recordedRequests.contains { $0.path.hasPrefix("/emulator/drive/export-links/") && $0.status == 200 })

        // A special file is written in place, as downloads do: no partial file beside it.
        #expect(try await drive.exportContent(fileID: id, mimeType: "text/plain", to: URL(fileURLWithPath: "/dev/null")) == .exportLink)
        #expect(!FileManager.default.fileExists(atPath: "/dev/null.partial"))
    }

    @Test func aSmallExportUsesFilesExport() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let id = backend.emulator.addDriveDocument(name: "Memo", text: "hello")
        let destination = scratch.file("memo.pdf")
        #expect(try await drive.exportContent(fileID: id, mimeType: "application/pdf", to: destination) == .filesExport)
        #expect(try Data(contentsOf: destination).prefix(5) == Data("%PDF-".utf8))
        let file = try await drive.files.get(fileId: id, fields: "exportLinks")
        #expect(file.exportLinks?["application/pdf"]?.contains("/emulator/drive/export-links/\(id)") == true)
    }
}
