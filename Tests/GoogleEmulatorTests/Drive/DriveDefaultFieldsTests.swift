import Foundation
import GoogleEmulator
import GoogleHTTP
import GoogleJSON
import Testing

// MARK: - DriveDefaultFieldsTests

/// The emulator answers as Drive v3 does without `fields` (Google's "Return specific fields"
/// guide): a file is only `kind`, `id`, `name`, `mimeType`; a list only its envelope and those four
/// per file; about.get has no default set at all. An app that forgets `fields` sees here what it
/// would see against Google, not sizes that are missing only in production.
@Suite struct DriveDefaultFieldsTests {
    typealias Seed = GoogleEmulator.Seed
    private static let fileKeys: Set<String> = ["kind", "id", "name", "mimeType"]

    @Test("files.get, files.create, files.update and files.copy answer only kind, id, name and mimeType without fields")
    func fileMethodsDefaultToFourFields() async throws {
        let harness = try EmulatorHarness()
        let got = try await harness.send(.get, "/drive/v3/files/\(Seed.binaryFileID)")
        #expect(got.status == 200)
        #expect(Set(got.json.keys) == Self.fileKeys)
        #expect(got.json.string("name") == "sample-1MiB.bin")

        let created = try await harness.sendJSON(.post, "/drive/v3/files", json: ["name": "plan.txt", "mimeType": "text/plain"])
        #expect(Set(created.json.keys) == Self.fileKeys)
        let id = try #require(created.json.string("id"))
        let updated = try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["name": "plan-2.txt", "starred": true])
        #expect(Set(updated.json.keys) == Self.fileKeys)
        #expect(updated.json.string("name") == "plan-2.txt")
        let copied = try await harness.sendJSON(.post, "/drive/v3/files/\(Seed.helloTextFileID)/copy", json: [:])
        #expect(Set(copied.json.keys) == Self.fileKeys)

        let uploaded = try await harness.send(
            .post, "/upload/drive/v3/files?uploadType=media", headers: ["Content-Type": "text/plain"], body: .data(Data("hi".utf8)))
        #expect(Set(uploaded.json.keys) == Self.fileKeys)
        #expect(uploaded.json["size"] == nil)

        // Asking is what brings the rest.
        let asked = try await harness.send(.get, "/drive/v3/files/\(Seed.binaryFileID)?fields=id,size,md5Checksum")
        #expect(Set(asked.json.keys) == ["id", "size", "md5Checksum"])
        #expect(asked.json.string("size") == String(Seed.binaryFileSize))
    }

    @Test("files.list answers kind, nextPageToken, incompleteSearch and files of four fields each without fields")
    func listDefaultsToEnvelopeAndFourFields() async throws {
        let harness = try EmulatorHarness()
        let page = try await harness.send(.get, "/drive/v3/files?pageSize=5")
        #expect(page.status == 200)
        #expect(Set(page.json.keys) == ["kind", "nextPageToken", "incompleteSearch", "files"])
        let files = page.json.array("files")
        #expect(files.count == 5)
        #expect(files.allSatisfy { Set($0.keys) == Self.fileKeys })
    }

    @Test("about.get without fields is the 400 Drive answers; with them it answers")
    func aboutRequiresFields() async throws {
        let harness = try EmulatorHarness()
        let bare = try await harness.send(.get, "/drive/v3/about")
        #expect(bare.status == 400)
        #expect(bare.errorReason == "required")
        let asked = try await harness.send(.get, "/drive/v3/about?fields=user(emailAddress)")
        #expect(asked.status == 200)
        #expect(Set(asked.json.keys) == ["user"])
    }

    @Test("a field mask that does not parse is a 400 naming the fields parameter, not a full answer")
    func invalidMaskIs400() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.get, "/drive/v3/files/\(Seed.binaryFileID)?fields=files(id")
        #expect(response.status == 400)
        #expect(response.errorReason == "invalidParameter")
    }

    @Test("seed files are dated relative to the emulator's start: some changed in the last week, none in the future")
    func seedDatesAreRecent() async throws {
        let before = Date()
        let harness = try EmulatorHarness()
        let weekAgo = RFC3339.format(before.addingTimeInterval(-7 * 86_400))
        let query = "modifiedTime > '\(weekAgo)' and trashed = false"
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let page = try await harness.send(.get, "/drive/v3/files?q=\(encoded)&pageSize=1000&fields=files(name,modifiedTime)")
        #expect(page.status == 200)
        let recent = page.json.array("files")
        #expect(recent.count >= 10, "\(recent.count) files changed in the last week")
        let all = try await harness.send(.get, "/drive/v3/files?pageSize=1000&fields=files(modifiedTime)")
        let dates = all.json.array("files").compactMap { $0.string("modifiedTime").flatMap(RFC3339.parse) }
        #expect(dates.count > 100)
        #expect(dates.allSatisfy { $0 <= Date() && $0 > before.addingTimeInterval(-60 * 86_400) })
    }
}
