import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleYouTube
import Testing

// MARK: - FieldMaskRoundTripTests

/// Typed masks sent by the generated clients to the emulator, which checks them against the
/// Discovery schemas and answers with exactly the selected members: each answer, decoded and
/// encoded again, has exactly the member paths the mask asks for (where the data has them).
/// And masks the emulator refuses, as Google does, arrive as a typed ``GoogleAPIError``.
@Suite struct FieldMaskRoundTripTests {
    /// The member paths of a JSON value, `a/b/c`, arrays of objects looked through (a map's keys
    /// are members like any other).
    static func paths(_ value: some Encodable) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
        var paths: Set<String> = []
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                for (key, member) in object { walk(member, prefix + key + "/") }
                if object.isEmpty { paths.insert(String(prefix.dropLast())) }
            } else if let array = value as? [Any], array.contains(where: { $0 is [String: Any] }) {
                for element in array { walk(element, prefix) }
            } else {
                paths.insert(String(prefix.dropLast()))
            }
        }
        walk(object, "")
        return paths
    }

    @Test("Drive: a dozen shapes of typed masks come back with exactly their members")
    func driveShapes() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let created = try await drive.files.create(
            body: Drive.File(appProperties: ["color": "blue", "size": "L"], description: "masked", name: "round-trip.txt"),
            media: MediaUpload(.data(Data("hi".utf8)), contentType: "text/plain"), fields: [.id])
        let id = try #require(created.id)
        _ = try await drive.permissions.create(
            fileId: id, body: Drive.Permission(emailAddress: "reader@example.com", role: "reader", type: "user"), fields: [.id])

        let cases: [(GoogleFieldMask<Drive.File>, Set<String>)] = [
            ([.id], ["id"]),
            ([.id, .name, .mimeType, .description], ["id", "name", "mimeType", "description"]),
            // An array of objects, one member of each element.
            ([.owners([.emailAddress])], ["owners/emailAddress"]),
            ([.owners([.emailAddress, .displayName]), .name], ["owners/emailAddress", "owners/displayName", "name"]),
            // A nested object, part of it and then all of it.
            ([.capabilities([.canEdit, .canDelete])], ["capabilities/canEdit", "capabilities/canDelete"]),
            // One entry of a map, and the whole map.
            ([.appProperties(key: "color")], ["appProperties/color"]),
            ([.appProperties], ["appProperties/color", "appProperties/size"]),
            // An array of strings beside an array of objects.
            ([.parents, .owners([.kind, .me, .permissionId])], ["parents", "owners/kind", "owners/me", "owners/permissionId"]),
            // A member the schema has that this file lacks: accepted, and absent.
            ([.id, .videoMediaMetadata([.durationMillis])], ["id"]),
        ]
        for (mask, expected) in cases {
            let file = try await drive.files.get(fileId: id, fields: mask)
            #expect(try Self.paths(file) == expected, "\(mask)")
        }
        // The whole nested object: every capability the emulator gives, nothing else.
        let whole = try Self.paths(try await drive.files.get(fileId: id, fields: [.capabilities]))
        #expect(whole.count >= 6 && whole.allSatisfy { $0.hasPrefix("capabilities/") }, "\(whole)")

        // A list envelope, the files in it and the owners in each.
        let page = try await drive.files.list(
            pageSize: 2, q: "name = 'round-trip.txt'", fields: [.files([.id, .owners([.displayName])]), .incompleteSearch])
        #expect(try Self.paths(page) == ["files/id", "files/owners/displayName", "incompleteSearch"])

        // The changes feed: a change, the file inside it and the owners inside that.
        let changes = try await drive.changes.list(
            pageToken: "1", pageSize: 1000, fields: [.changes([.fileId, .file([.name, .owners([.emailAddress])])]), .newStartPageToken])
        #expect(
            try Self.paths(changes).isSubset(of: [
                "changes/fileId", "changes/file/name", "changes/file/owners/emailAddress", "newStartPageToken",
            ]))
        #expect(changes.changes?.contains { $0.file?.name == "round-trip.txt" && $0.file?.id == nil } == true)

        let permissions = try await drive.permissions.list(fileId: id, fields: [.permissions([.role, .type])])
        #expect(try Self.paths(permissions) == ["permissions/role", "permissions/type"])
    }

    @Test("YouTube: typed masks through list answers, nested snippets and maps of thumbnails")
    func youTubeShapes() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let broadcasts = try await youtube.liveBroadcasts.list(
            part: [.id, .snippet, .status], mine: true,
            fields: [.items([.id, .snippet([.title, .thumbnails([.default([.url])])]), .status([.lifeCycleStatus])])])
        let paths = try Self.paths(broadcasts)
        #expect(paths.contains("items/id") && paths.contains("items/snippet/title") && paths.contains("items/status/lifeCycleStatus"))
        #expect(
            paths.isSubset(of: ["items/id", "items/snippet/title", "items/snippet/thumbnails/default/url", "items/status/lifeCycleStatus"]))

        let messages = try await youtube.liveChatMessages.list(
            liveChatId: GoogleEmulator.Seed.liveChatID, part: [.snippet, .authorDetails],
            fields: [.items([.authorDetails([.displayName]), .snippet([.displayMessage])]), .pollingIntervalMillis])
        #expect(
            try Self.paths(messages) == ["items/authorDetails/displayName", "items/snippet/displayMessage", "pollingIntervalMillis"])
    }

    @Test("Masks Google refuses are a typed error with its reason, location and message")
    func refusedMasksAreTypedErrors() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive, YouTube.Scope.youtube])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        func refusal(_ call: () async throws -> Void) async -> GoogleAPIError? {
            do {
                try await call()
                return nil
            } catch {
                return error as? GoogleAPIError
            }
        }
        let cases: [(String, () async throws -> Void)] = [
            // A v2 member name (syntax right, the client lets it through; Drive knows no such member).
            ("items", { _ = try await drive.files.list(pageSize: 1, fields: try GoogleFieldMask(parsing: "nextPageToken,items(id)")) }),
            ("emailAdress", { _ = try await drive.files.list(pageSize: 1, fields: "files(owners(emailAdress))") }),
            ("id", { _ = try await drive.files.get(fileId: GoogleEmulator.Seed.binaryFileID, fields: "name(id)") }),
            ("files(id", { _ = try await drive.files.list(pageSize: 1, fields: "files(id") }),
            ("titel", { _ = try await youtube.liveBroadcasts.list(part: [.snippet], mine: true, fields: "items(snippet(titel))") }),
        ]
        for (selection, call) in cases {
            let error = try #require(await refusal(call), "\(selection)")
            #expect(error.status == 400)
            #expect(error.hasReason("invalidParameter"), "\(error.reasons)")
            #expect(error.message == "Invalid field selection \(selection)")
            #expect(error.errors.first?.location == "fields" && error.errors.first?.locationType == "parameter")
        }
    }
}
