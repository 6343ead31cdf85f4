import Foundation
import GoogleEmulator
import GoogleHTTP
import Testing

@testable import GoogleEmulator

// MARK: - FieldMaskCheckTests

/// `fields` as Google's front end treats it: checked against the answer's schema before the
/// request runs (an unknown member, a selection inside a string, unbalanced parentheses are a
/// 400 `invalidParameter` at `fields`, "Invalid field selection …"), and applied to the answer
/// through nested objects, arrays and maps, for Drive and YouTube alike.
@Suite struct FieldMaskCheckTests {
    typealias Seed = GoogleEmulator.Seed

    /// The one error entry of a refusal, checked to be Google's shape for a refused mask.
    static func expectRefused(_ response: GoogleHTTPResponse, naming selection: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == 400, "\(response.text)", sourceLocation: sourceLocation)
        let error = response.json.object("error")
        let item = (error["errors"] as? [[String: Any]])?.first ?? [:]
        #expect(error["code"] as? Int == 400, sourceLocation: sourceLocation)
        #expect(error.string("message") == "Invalid field selection \(selection)", sourceLocation: sourceLocation)
        #expect(error.string("status") == "INVALID_ARGUMENT", sourceLocation: sourceLocation)
        #expect(item.string("reason") == "invalidParameter", sourceLocation: sourceLocation)
        #expect(item.string("domain") == "global", sourceLocation: sourceLocation)
        #expect(item.string("location") == "fields", sourceLocation: sourceLocation)
        #expect(item.string("locationType") == "parameter", sourceLocation: sourceLocation)
        #expect(item.string("message") == "Invalid field selection \(selection)", sourceLocation: sourceLocation)
    }

    static func query(_ mask: String) -> String {
        mask.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? mask
    }

    @Test("Drive: unknown members at any depth, selections inside strings and broken syntax are refused, naming the selection")
    func driveRefusals() async throws {
        let harness = try EmulatorHarness()
        let file = "/drive/v3/files/\(Seed.binaryFileID)?fields="
        // The mistakes: a v2 name on the list, a member of File asked of FileList, a typo deep inside.
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/files?fields=" + Self.query("nextPageToken,items(id,title)")), naming: "items")
        Self.expectRefused(try await harness.send(.get, "/drive/v3/files?fields=webViewLink"), naming: "webViewLink")
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/files?fields=" + Self.query("files(id,owners(emailAdress))")), naming: "emailAdress")
        Self.expectRefused(try await harness.send(.get, file + Self.query("capabilities/canFly")), naming: "canFly")
        // Bad nesting: inside a string, or a list member asked inside a file.
        Self.expectRefused(try await harness.send(.get, file + Self.query("name(id)")), naming: "id")
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/files?fields=" + Self.query("files(nextPageToken)")), naming: "nextPageToken")
        // Unbalanced or empty parentheses: the message names the mask as sent.
        for broken in ["files(id", "files(id))", "files()", "id,,name", "(id)", "id/"] {
            Self.expectRefused(try await harness.send(.get, "/drive/v3/files?fields=" + Self.query(broken)), naming: broken)
        }
        // Other answers are checked against their own schemas.
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/changes?pageToken=1&fields=" + Self.query("changes(file(nam))")), naming: "nam")
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/about?fields=" + Self.query("user(emailAddress,bogus)")), naming: "bogus")
        Self.expectRefused(
            try await harness.send(.get, "/drive/v3/drives?fields=" + Self.query("drives(capabilities(canEat))")), naming: "canEat")
        let permissions = "/drive/v3/files/\(Seed.binaryFileID)/permissions?fields="
        Self.expectRefused(try await harness.send(.get, permissions + Self.query("permissions(id,rol)")), naming: "rol")
    }

    @Test("Drive: members the schema has are accepted though the answer lacks them, and the answer is exactly what was selected")
    func driveSelections() async throws {
        let harness = try EmulatorHarness()
        // No file here has a thumbnail or video metadata: still valid selections, just absent.
        let absent = try await harness.send(
            .get, "/drive/v3/files/\(Seed.binaryFileID)?fields=" + Self.query("id,videoMediaMetadata(durationMillis),thumbnailLink"))
        #expect(absent.status == 200, "\(absent.text)")
        #expect(Set(absent.json.keys) == ["id"])

        // Paths and groups, merged; arrays of objects; an object inside.
        let file = try await harness.send(
            .get,
            "/drive/v3/files/\(Seed.binaryFileID)?fields="
                + Self.query(" owners(emailAddress) , capabilities/canEdit,capabilities(canTrash), name "))
        #expect(file.status == 200, "\(file.text)")
        #expect(Set(file.json.keys) == ["owners", "capabilities", "name"])
        #expect(Set(file.json.object("capabilities").keys) == ["canEdit", "canTrash"])
        let owners = file.json.array("owners")
        #expect(!owners.isEmpty && owners.allSatisfy { Set($0.keys) == ["emailAddress"] })

        // A whole member wins over a part of it.
        let whole = try await harness.send(
            .get, "/drive/v3/files/\(Seed.binaryFileID)?fields=" + Self.query("capabilities(canEdit),capabilities"))
        #expect(whole.json.object("capabilities").count > 2)

        // `*` inside a group selects all of it.
        let list = try await harness.send(.get, "/drive/v3/files?pageSize=2&fields=" + Self.query("files(*),kind"))
        #expect(Set(list.json.keys) == ["files", "kind"])
        #expect(list.json.array("files").allSatisfy { $0["capabilities"] != nil && $0["owners"] != nil })
    }

    @Test("A refused mask is refused before the request runs: an update with it changes nothing")
    func refusedBeforeRunning() async throws {
        let harness = try EmulatorHarness()
        let path = "/drive/v3/files/\(Seed.binaryFileID)"
        let before = try await harness.send(.get, path + "?fields=name")
        let refused = try await harness.sendJSON(.patch, path + "?fields=" + Self.query("id,nonsense"), json: ["name": "renamed.bin"])
        Self.expectRefused(refused, naming: "nonsense")
        let after = try await harness.send(.get, path + "?fields=name")
        #expect(after.json.string("name") == before.json.string("name"))
        #expect(after.json.string("name") != "renamed.bin")
    }

    @Test("YouTube: masks are checked against the resource schemas and applied to list answers, resources and inserts")
    func youTubeMasks() async throws {
        let harness = try EmulatorHarness()
        let list = "/youtube/v3/liveBroadcasts?part=id,snippet,status&mine=true&fields="
        Self.expectRefused(try await harness.send(.get, list + Self.query("items(snippet(titel))")), naming: "titel")
        Self.expectRefused(try await harness.send(.get, list + Self.query("items(id(videoId))")), naming: "videoId")
        Self.expectRefused(try await harness.send(.get, list + Self.query("items(snippet(title)")), naming: "items(snippet(title)")
        Self.expectRefused(
            try await harness.send(
                .get, "/youtube/v3/videos?part=snippet&id=\(Seed.liveBroadcastID)&fields=" + Self.query("items/snippet/thumbnails/huge")),
            naming: "huge")

        let page = try await harness.send(
            .get, list + Self.query("nextPageToken,items(id,snippet(title,thumbnails/default/url),status/lifeCycleStatus)"))
        #expect(page.status == 200, "\(page.text)")
        #expect(Set(page.json.keys).isSubset(of: ["nextPageToken", "items"]) && page.json["items"] != nil)
        for item in page.json.array("items") {
            #expect(Set(item.keys) == ["id", "snippet", "status"])
            #expect(Set(item.object("status").keys) == ["lifeCycleStatus"])
            #expect(Set(item.object("snippet").keys).isSubset(of: ["title", "thumbnails"]) && item.object("snippet")["title"] != nil)
            let thumbnails = item.object("snippet").object("thumbnails")
            #expect(thumbnails.keys.allSatisfy { $0 == "default" })
            #expect(thumbnails.object("default").keys.allSatisfy { $0 == "url" })
        }

        let messages = try await harness.send(
            .get,
            "/youtube/v3/liveChat/messages?liveChatId=\(Seed.liveChatID)&part=snippet,authorDetails&fields="
                + Self.query("items(authorDetails/displayName,snippet/displayMessage),pollingIntervalMillis"))
        #expect(messages.status == 200, "\(messages.text)")
        #expect(Set(messages.json.keys).isSubset(of: ["items", "pollingIntervalMillis"]))
        for item in messages.json.array("items") {
            #expect(Set(item.keys).isSubset(of: ["authorDetails", "snippet"]))
            #expect(item.object("authorDetails").keys.allSatisfy { $0 == "displayName" })
        }

        let inserted = try await harness.sendJSON(
            .post, "/youtube/v3/liveStreams?part=snippet,cdn&fields=" + Self.query("id,cdn(ingestionInfo/streamName)"),
            json: ["snippet": ["title": "masked"], "cdn": ["frameRate": "30fps", "resolution": "720p", "ingestionType": "rtmp"]])
        #expect(inserted.status == 200, "\(inserted.text)")
        #expect(Set(inserted.json.keys) == ["id", "cdn"])
        #expect(Set(inserted.json.object("cdn").keys) == ["ingestionInfo"])
        #expect(Set(inserted.json.object("cdn").object("ingestionInfo").keys) == ["streamName"])
    }

    @Test("Parsing and checking without a server")
    func checks() {
        let table = DiscoverySchemaTable("A id name owners=B tags=<> byKey=<B> extra=*\nB email deep=B")
        func refusal(_ text: String) -> String? {
            if case .failure(let refusal) = FieldMask.checked(text, against: "A", in: table) { return refusal.selection }
            return nil
        }
        #expect(refusal("id,name") == nil)
        #expect(refusal("owners(email,deep(deep(email)))") == nil, "recursive to any depth")
        #expect(refusal("owners/deep/deep/nope") == "nope")
        #expect(refusal("tags(any/key/at/all)") == nil, "a map of strings takes any key")
        #expect(refusal("byKey(k1(email),k2(deep/email))") == nil)
        #expect(refusal("byKey(k1(mail))") == "mail")
        #expect(refusal("extra(whatever(goes))") == nil)
        #expect(refusal("id(x)") == "x")
        #expect(refusal("*,owners(*)") == nil)
        #expect(refusal("zzz,aaa") == "aaa", "the first in name order, so the answer does not vary")
        #expect(refusal("a b") == "a b")
        #expect(refusal("") == "")
    }
}
