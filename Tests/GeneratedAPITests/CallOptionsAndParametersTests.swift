import Foundation
import GoogleDrive
import GoogleEmulator
import Testing

// MARK: - Per-call options and parameters values

/// The generated forms against the emulator: `fields:` and `options:` on each call without
/// rebuilding the service, one parameters value for every form, deprecated parameters that still
/// reach the wire, and ETags with a typed 304.
@Suite struct CallOptionsAndParametersTests {
    @Test func fieldsPerCallWithoutRebuildingTheService() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)

        let masked = try await drive.files.list(pageSize: 10, fields: "nextPageToken,files(id,name)")
        let first = try #require(masked.files?.first)
        #expect(masked.files?.count == 10 && masked.nextPageToken != nil)
        #expect(first.id != nil && first.name != nil && first.mimeType == nil, "only the masked fields")

        // The same service value, the next call: the mask applied to that call only.
        let full = try await drive.files.get(fileId: GoogleEmulator.Seed.helloTextFileID)
        #expect(full.mimeType != nil)
        let onlyName = try await drive.files.get(
            fileId: GoogleEmulator.Seed.helloTextFileID, fields: [.name], options: .init(quotaUser: "tester"))
        #expect(onlyName.name == full.name && onlyName.id == nil)
        let query = backend.emulator.recordedRequests.last { $0.path.hasSuffix(GoogleEmulator.Seed.helloTextFileID) }?.query ?? ""
        #expect(query.contains("fields=name") && query.contains("quotaUser=tester"))
    }

    @Test func everyFormTakesTheSameParametersValue() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let parameters = Drive.FilesResource.ListParameters(pageSize: 7, q: "trashed = false")
        #expect(Set([parameters, Drive.FilesResource.ListParameters(pageSize: 7, q: "trashed = false")]).count == 1)
        // Compared member by member (GoogleAPIParameters), not by identity or a subset.
        #expect(parameters != Drive.FilesResource.ListParameters(pageSize: 7, q: "trashed = true"))
        #expect(parameters != Drive.FilesResource.ListParameters(pageSize: 7, q: "trashed = false", spaces: "drive"))

        let page = try await drive.files.list(parameters, fields: "nextPageToken,files(id)")
        let flattened = try await drive.files.list(pageSize: 7, q: "trashed = false", fields: "nextPageToken,files(id)")
        #expect(page.files?.map(\.id) == flattened.files?.map(\.id) && page.files?.count == 7)

        var fromPages: [String?] = []
        for try await file in drive.files.listPages(parameters, fields: "nextPageToken,files(id)").items.prefix(7) {
            fromPages.append(file.id)
        }
        #expect(fromPages == page.files?.map(\.id))

        let (batched, single) = try await drive.client.batch(
            drive.files.listCall(parameters, fields: "files(id)"),
            drive.files.getCall(.init(fileId: GoogleEmulator.Seed.helloTextFileID), fields: "id"))
        #expect(try batched.get().files?.map(\.id) == page.files?.map(\.id))
        #expect(try single.get().id == GoogleEmulator.Seed.helloTextFileID)
    }

    @Test @available(*, deprecated, message: "uses deprecated Drive parameters on purpose")
    func deprecatedParametersStillReachTheWire() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        // Deprecated parameters are not arguments of the flattened method: they are set on the
        // parameters value, whose deprecated properties warn (this test opts in with `@available`).
        var teamDrives = Drive.FilesResource.ListParameters(pageSize: 1)
        teamDrives.supportsTeamDrives = true
        _ = try await drive.files.list(teamDrives)
        var parameters = Drive.FilesResource.ListParameters(pageSize: 1)
        parameters.includeTeamDriveItems = true
        _ = try await drive.files.list(parameters)
        let queries = backend.emulator.recordedRequests.filter { $0.path.hasSuffix("/drive/v3/files") }.compactMap(\.query)
        #expect(queries.count == 2)
        #expect(queries.first?.contains("supportsTeamDrives=true") == true)
        #expect(queries.last?.contains("includeTeamDriveItems=true") == true)
    }

    @Test func etagAndATypedNotModified() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let id = GoogleEmulator.Seed.helloTextFileID

        let response = try await drive.client.response(drive.files.getCall(.init(fileId: id)))
        #expect(response.status == 200 && response.value.id == id)
        let etag = try #require(response.etag)

        let notModified = try await #require(throws: GoogleAPIError.self) {
            try await drive.files.get(fileId: id, options: .ifNoneMatch(etag))
        }
        #expect(notModified.isNotModified && notModified.etag == etag)

        _ = try await drive.files.update(fileId: id, body: Drive.File(name: "renamed.txt"))
        let changed = try await drive.files.get(fileId: id, options: .ifNoneMatch(etag))
        #expect(changed.name == "renamed.txt")
    }
}
