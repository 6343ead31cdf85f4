import Foundation
import GoogleEmulator
import GoogleHTTP
import Synchronization
import Testing

@Suite struct DriveListTests {
    @Test func requiresAToken() async throws {
        let harness = try EmulatorHarness()
        let response = try await harness.send(.get, "/drive/v3/files", authorized: false)
        #expect(response.status == 401)
        #expect(response.errorReason == "authError")
        let bogus = try await harness.send(.get, "/drive/v3/files", headers: ["Authorization": "Bearer nope"])
        #expect(bogus.status == 401)
    }

    @Test func expiredTokenIs401AndWrongScopeIs403() async throws {
        let harness = try EmulatorHarness()
        harness.emulator.oauth.expireAccessTokens()
        #expect(try await harness.send(.get, "/drive/v3/files").status == 401)
        let youTubeOnly = harness.emulator.issueAccessToken(scopes: [EmulatorHarness.youTubeScope])
        let forbidden = try await harness.send(.get, "/drive/v3/files", headers: ["Authorization": "Bearer \(youTubeOnly)"])
        #expect(forbidden.status == 403)
    }

    @Test func paginatesThroughAllFiles() async throws {
        let harness = try EmulatorHarness()
        var names: [String] = []
        var token: String?
        var pages = 0
        repeat {
            let query = token.map { "?pageToken=\($0)" } ?? ""
            let response = try await harness.send(.get, "/drive/v3/files" + query)
            #expect(response.status == 200)
            let json = response.json
            #expect(json.string("kind") == "drive#fileList")
            #expect(json["incompleteSearch"] as? Bool == false)
            names += json.array("files").compactMap { $0.string("name") }
            token = json.string("nextPageToken")
            pages += 1
        } while token != nil && pages < 10
        #expect(pages == 2)
        // Every seed file, the trashed one included (Drive lists trash unless asked not to).
        #expect(names.count == GoogleEmulator.Seed.fileCount + 1)
        #expect(Set(names).count == names.count - 0)
    }

    @Test func searchQueries() async throws {
        let harness = try EmulatorHarness()
        func count(_ q: String, extra: String = "") async throws -> Int {
            let encoded = q.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? q
            let response = try await harness.send(.get, "/drive/v3/files?pageSize=1000&q=\(encoded)\(extra)")
            #expect(response.status == 200, "q=\(q): \(response.text)")
            return response.json.array("files").count
        }
        #expect(try await count("trashed = false") == GoogleEmulator.Seed.fileCount)
        // Word-prefix matching, as Drive does: "Meeting Notes" matches too, "ote" matches nothing.
        #expect(try await count("name contains 'Note' and trashed = false") == 122)
        #expect(try await count("name contains 'ote'") == 0)
        #expect(try await count("'\(GoogleEmulator.Seed.archiveFolderID)' in parents") == 121)
        #expect(try await count("mimeType = 'application/vnd.google-apps.document'") == 2)
        #expect(try await count("mimeType = 'application/vnd.google-apps.folder' or name = 'hello.txt'") == 4)
        #expect(try await count("not name contains 'Note' and trashed = false") == GoogleEmulator.Seed.fileCount - 122)
        #expect(try await count("'root' in parents and trashed = true") == 1)
    }

    @Test func invalidParametersAre400() async throws {
        let harness = try EmulatorHarness()
        let badQuery = try await harness.send(.get, "/drive/v3/files?q=name%20%3D%3D%3D")
        #expect(badQuery.status == 400)
        #expect(badQuery.errorReason == "invalid")
        #expect(try await harness.send(.get, "/drive/v3/files?pageSize=0").status == 400)
        #expect(try await harness.send(.get, "/drive/v3/files?pageToken=garbage").status == 400)
    }

    @Test func orderByAndFieldsMask() async throws {
        let harness = try EmulatorHarness()
        let q = "name%20contains%20'Note%20'"
        let response = try await harness.send(
            .get, "/drive/v3/files?q=\(q)&orderBy=name%20desc&pageSize=3&fields=nextPageToken,files(id,name)")
        let files = response.json.array("files")
        #expect(files.map { $0.string("name") ?? "" } == ["Note 121.txt", "Note 120.txt", "Note 119.txt"])
        #expect(files.allSatisfy { Set($0.keys) == ["id", "name"] })
        #expect(response.json["kind"] == nil)
        #expect(response.json.string("nextPageToken") != nil)
    }
}

@Suite struct DriveQueryExtrasTests {
    @Test func ownersAndSharedWithMe() async throws {
        let harness = try EmulatorHarness()
        let mine = try await harness.send(.get, "/drive/v3/files?pageSize=1000&q=%27me%27%20in%20owners%20and%20trashed%20%3D%20false")
        #expect(mine.json.array("files").count == GoogleEmulator.Seed.fileCount)
        let shared = try await harness.send(.get, "/drive/v3/files?q=sharedWithMe%20%3D%20true")
        #expect(shared.status == 200)
        #expect(shared.json.array("files").isEmpty)
    }

    @Test func requestObserverSeesEveryRequest() async throws {
        let seen = RecordingObserver()
        let harness = try EmulatorHarness(configuration: .init(seedData: false, requestObserver: { seen.append($0) }))
        _ = try await harness.send(.get, "/drive/v3/files")
        _ = try await harness.send(.get, "/drive/v3/files/none")
        #expect(seen.records.map(\.status) == [200, 404])
        #expect(seen.records.map(\.path) == ["/drive/v3/files", "/drive/v3/files/none"])
    }
}

final class RecordingObserver: Sendable {
    private let storage = Mutex<[RecordedRequest]>([])
    func append(_ record: RecordedRequest) { storage.withLock { $0.append(record) } }
    var records: [RecordedRequest] { storage.withLock { $0 } }
}
