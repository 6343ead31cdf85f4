import Foundation
import GoogleDrive
import GoogleEmulator
import Testing

// MARK: - Typed field masks

/// `fields:` built from the generated types: what it prints, that it parses back, what the
/// emulator answers for it through nested objects, arrays of objects and maps, and page
/// sequences that keep going under a mask that leaves `nextPageToken` out.
@Suite struct FieldMaskTests {
    /// The `fields` parameter of each request the emulator received (to paths ending in `pathSuffix`).
    static func masks(sentTo emulator: GoogleEmulator, pathSuffix: String = "") -> [String] {
        emulator.recordedRequests.filter { $0.path.hasSuffix(pathSuffix) }.compactMap { request -> String? in
            let items = (request.query ?? "").split(separator: "&")
            guard let item = items.first(where: { $0.hasPrefix("fields=") }) else { return nil }
            return String(item.dropFirst(7)).removingPercentEncoding
        }
    }

    @Test func typedMaskPrintsGoogleSyntaxWithWireNames() {
        let mask: GoogleFieldMask<Drive.FileList> = [.nextPageToken, .files([.id, .name, .owners([.emailAddress])])]
        #expect(mask.description == "nextPageToken,files(id,name,owners(emailAddress))")
        // An empty nested selection selects the whole member.
        #expect(GoogleFieldMask<Drive.FileList>([.files([])]).description == "files")
        // Maps: one entry, and what is inside it.
        let map: GoogleFieldMask<Drive.File> = [.appProperties(key: "color"), .exportLinks(key: "text/plain")]
        #expect(map.description == "appProperties(color),exportLinks(text/plain)")
    }

    @Test func recursiveSchemasSelectToAnyDepthWritten() {
        let nodes: GoogleFieldMask<Recursion.Node> = [.name, .children([.name, .children([.name, .parent([.name, .parent([.name])])])])]
        #expect(nodes.description == "name,children(name,children(name,parent(name,parent(name))))")
        // A map of a recursive struct, and a nested struct pointing back at its parent type.
        let folders: GoogleFieldMask<Recursion.Folder> = [.byName(key: "docs", [.info([.owner([.byName(key: "old")])])])]
        #expect(folders.description == "byName(docs(info(owner(byName(old)))))")
    }

    @Test func masksParseBackToTheSameMask() throws {
        let masks: [GoogleFieldMask<Drive.FileList>] = [
            [.nextPageToken, .files([.id, .name, .owners([.emailAddress, .displayName])])],
            [.files([.capabilities([.canEdit, .canDelete]), .appProperties(key: "color")])],
            [.incompleteSearch, .kind],
            "*",
            "files/id,nextPageToken",
        ]
        for mask in masks {
            #expect(try GoogleFieldMask<Drive.FileList>(parsing: mask.description) == mask)
        }
        #expect(try GoogleFieldMask<Drive.FileList>(parsing: " files ( id , name ) ,\nkind ").description == "files(id,name),kind")
    }

    @Test(arguments: [
        "", "files(id", "files(id))", "files()", ",id", "id,,name", "id,", "a b", "files(id)name", "(id)", "id/", "fi+les", "a(b)(c)",
    ])
    func malformedMasksAreTypedErrors(_ text: String) {
        #expect {
            _ = try GoogleFieldMask<Drive.FileList>(parsing: text)
        } throws: { error in
            (error as? GoogleAPIClientError)?.code == .invalidFieldMask
        }
    }

    @Test func typedMasksSelectExactlyThroughObjectsArraysAndMaps() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let created = try await drive.files.create(
            body: Drive.File(appProperties: ["color": "blue", "size": "L"], description: "kept", name: "masked.txt"),
            media: MediaUpload(.data(Data("hi".utf8)), contentType: "text/plain"), fields: [.id])
        let id = try #require(created.id)
        #expect(created.name == nil, "create answered with the mask")

        // An array of objects, selecting inside each element.
        let owners = try await drive.files.get(fileId: id, fields: [.id, .owners([.emailAddress])])
        let owner = try #require(owners.owners?.first)
        #expect(owners.id == id && owners.name == nil && owners.mimeType == nil)
        #expect(owner.emailAddress != nil && owner.displayName == nil && owner.permissionId == nil && owner.kind == nil)

        // One entry of a map.
        let color = try await drive.files.get(fileId: id, fields: [.appProperties(key: "color")])
        #expect(color.appProperties == ["color": "blue"] && color.id == nil)
        let whole = try await drive.files.get(fileId: id, fields: [.appProperties, .description])
        #expect(whole.appProperties == ["color": "blue", "size": "L"] && whole.description == "kept")

        // A list envelope and the files inside it.
        let page = try await drive.files.list(
            pageSize: 3, q: "name = 'masked.txt'", fields: [.files([.name, .owners([.displayName])])])
        let listed = try #require(page.files?.first)
        #expect(page.files?.count == 1 && page.kind == nil && page.nextPageToken == nil)
        #expect(listed.name == "masked.txt" && listed.id == nil && listed.owners?.first?.displayName != nil)
        #expect(listed.owners?.first?.emailAddress == nil)

        let sent = Self.masks(sentTo: backend.emulator)
        #expect(sent.contains("owners(emailAddress),id") || sent.contains("id,owners(emailAddress)"))
        #expect(sent.contains("appProperties(color)"))
        #expect(sent.contains("files(name,owners(displayName))"))
    }

    // MARK: - Paging under a mask

    @Test func maskedListPagesReturnsEveryItem() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        var expected: [String] = []
        for try await file in drive.files.listPages(.init(pageSize: 100), fields: [.nextPageToken, .files([.id])]).items {
            expected.append(try #require(file.id))
        }
        #expect(expected.count > 7 * 5, "enough files for many pages of 7")

        // The call: a mask without nextPageToken, typed and as a string.
        var typed: [Drive.File] = []
        for try await file in drive.files.listPages(.init(pageSize: 7), fields: [.files([.id, .name])]).items { typed.append(file) }
        var string: [Drive.File] = []
        for try await file in drive.files.listPages(.init(pageSize: 7), fields: "files(id,name)").items { string.append(file) }
        #expect(typed.map(\.id) == expected.map(Optional.some))
        #expect(string.map(\.id) == expected.map(Optional.some))
        #expect(typed.allSatisfy { $0.name != nil && $0.mimeType == nil }, "still only the members asked for")

        // Each page request carried the caller's mask with nextPageToken added in front.
        let masks = Self.masks(sentTo: backend.emulator, pathSuffix: "/files")
        let pages = (expected.count + 6) / 7
        #expect(masks.filter { $0 == "nextPageToken,files(id,name)" }.count == 2 * pages)
    }

    @Test func aMaskNamingTheTokenOrEverythingIsSentAsWritten() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.driveReadonly])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        for try await _ in drive.files.listPages(.init(pageSize: 50), fields: [.files([.id]), .nextPageToken]) { break }
        for try await _ in drive.files.listPages(.init(pageSize: 50), fields: "*") { break }
        let masks = Self.masks(sentTo: backend.emulator, pathSuffix: "/files")
        #expect(masks == ["files(id),nextPageToken", "*"])
    }
}
