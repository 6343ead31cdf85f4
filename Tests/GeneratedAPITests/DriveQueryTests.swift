import Foundation
import GoogleDrive
import GoogleEmulator
import Testing

// MARK: - DriveQuery

@Suite struct DriveQueryTests {
    @Test func termsAreWrittenInDrivesSyntax() {
        #expect(DriveQuery.name(is: "Valentine's Day").text == #"name = 'Valentine\'s Day'"#)
        #expect(DriveQuery.name(contains: #"C:\notes"#).text == #"name contains 'C:\\notes'"#)
        #expect(DriveQuery.fullText(contains: "a'b").text == #"fullText contains 'a\'b'"#)
        #expect(DriveQuery.mimeType(is: "application/vnd.google-apps.folder").text == "mimeType = 'application/vnd.google-apps.folder'")
        #expect(DriveQuery.mimeType(contains: "image/").text == "mimeType contains 'image/'")
        #expect(DriveQuery.parent("root").text == "'root' in parents")
        #expect(DriveQuery.trashed(false).text == "trashed = false")
        #expect(DriveQuery.starred(true).text == "starred = true")
        #expect(DriveQuery.sharedWithMe(true).text == "sharedWithMe = true")
        #expect(DriveQuery.property("team", is: "O'Neil").text == #"properties has { key='team' and value='O\'Neil' }"#)
        #expect(DriveQuery.appProperty("k", is: "v").text == "appProperties has { key='k' and value='v' }")
        let date = Date(timeIntervalSince1970: 1_714_564_800.25)
        #expect(DriveQuery.modifiedTime(.after, date).text == "modifiedTime > '2024-05-01T12:00:00.250Z'")
        #expect(DriveQuery.createdTime(.atOrBefore, date).text == "createdTime <= '2024-05-01T12:00:00.250Z'")
    }

    @Test func combinationsKeepTheirMeaning() {
        let a = DriveQuery.starred(true)
        let b = DriveQuery.trashed(false)
        let c = DriveQuery.name(is: "x")
        #expect((a && b).text == "starred = true and trashed = false")
        #expect(((a || b) && c).text == "(starred = true or trashed = false) and name = 'x'")
        #expect((a || (b && c)).text == "starred = true or (trashed = false and name = 'x')")
        #expect((!(a || b)).text == "not (starred = true or trashed = false)")
        #expect((!a).text == "not starred = true")
        #expect((DriveQuery(raw: "a = 1 or b = 2") && c).text == "(a = 1 or b = 2) and name = 'x'")
        #expect(DriveQuery.all([a, b, c])?.text == "(starred = true and trashed = false) and name = 'x'")
        #expect(DriveQuery.any([]) == nil)
        #expect(DriveQuery.any([a])?.text == "starred = true")
    }

    // MARK: - Through the emulator

    /// A name of up to 12 characters drawn from quotes, backslashes, the query syntax's own
    /// characters, spaces and letters from several scripts.
    private static func randomName(_ random: inout SeedRandom) -> String {
        let alphabet: [Character] = Array(#"'\"\"(){}=<>!, aZ9éßΩЖ中文😀ᄀ\"#) + ["\u{301}", "\t"]
        let count = Int.random(in: 1...12, using: &random)
        return String((0..<count).map { _ in alphabet.randomElement(using: &random)! })
    }

    @Test func randomNamesRoundTripThroughTheEmulator() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let emulator = backend.emulator
        let folder = try emulator.addDriveFile(name: "folder", mimeType: "application/vnd.google-apps.folder", content: Data())
        var random = SeedRandom(seed: 0x5EED_4302)
        var names: [String: String] = [:]
        for _ in 0..<60 {
            let name = Self.randomName(&random)
            guard !names.values.contains(name) else { continue }
            names[try emulator.addDriveFile(name: name, content: Data(name.utf8), parentID: folder)] = name
        }
        for (id, name) in names {
            let query: DriveQuery = .name(is: name) && .parent(folder) && .trashed(false)
            let found = try await drive.files.list(query: query, fields: [.files([.id, .name])]).files ?? []
            #expect(found.map(\.id) == [id], "\(query.text)")
            #expect(found.first?.name == name)
            // The negation finds every other file of the folder.
            let others = try await drive.files.list(query: !.name(is: name) && .parent(folder), pageSize: 1000, fields: [.files([.id])])
            #expect(Set(others.files?.compactMap(\.id) ?? []) == Set(names.keys).subtracting([id]))
        }
    }

    @Test func propertiesTimesAndFlagsSelectInTheEmulator() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let emulator = backend.emulator
        let tagged = try emulator.addDriveFile(name: "tagged", content: Data())
        let plain = try emulator.addDriveFile(name: "plain", content: Data())
        var change = Drive.File()
        change.properties = ["owner's": #"O'Neil \ co"#]
        change.starred = true
        _ = try await drive.files.update(fileId: tagged, body: change)
        let hasProperty = try await drive.files.list(query: .property("owner's", is: #"O'Neil \ co"#), fields: [.files([.id])])
        #expect(hasProperty.files?.map(\.id) == [tagged])
        let starredOnes = try await drive.files.list(query: .starred(true) && .name(contains: "tagged"), fields: [.files([.id])])
        #expect(starredOnes.files?.map(\.id) == [tagged])
        let recent = try await drive.files.list(
            query: .modifiedTime(.after, Date().addingTimeInterval(-3600)) && (.name(is: "plain") || .name(is: "tagged")),
            fields: [.files([.id])])
        #expect(Set(recent.files?.compactMap(\.id) ?? []) == [tagged, plain])
        let future = try await drive.files.list(query: .createdTime(.after, Date().addingTimeInterval(3600)), fields: [.files([.id])])
        #expect(future.files?.isEmpty ?? true)
        let notShared = try await drive.files.list(query: .sharedWithMe(false) && .name(is: "plain"), fields: [.files([.id])])
        #expect(notShared.files?.map(\.id) == [plain])
        // The string form is still accepted, and a malformed one is the 400 Drive gives.
        let text = try await drive.files.list(q: "name = 'plain'", fields: [.files([.id])])
        #expect(text.files?.map(\.id) == [plain])
        await #expect(throws: GoogleAPIError.self) {
            _ = try await drive.files.list(query: DriveQuery(raw: "name = 'unterminated"))
        }
    }
}

/// SplitMix64: a seeded generator, so a failing name can be found again.
struct SeedRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
