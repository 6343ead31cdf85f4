import Foundation
import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleYouTube
import LocalHTTPServer
import Testing

// MARK: - ExplicitNullTests

/// `nullMembers` on generated structs: named members go out as `"member": null` (clearing them
/// in an update) while other `nil` members are still left out, and a decoded answer tells a
/// member sent as `null` from one left out.
@Suite struct ExplicitNullTests {
    static func json(_ value: some Encodable) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
    }

    @Test("Only the named nil members are written as null; a named member with a value is sent with it")
    func encoding() throws {
        var file = Drive.File(name: "kept")
        #expect(try Self.json(file).keys.sorted() == ["name"], "nil is left out, as before")
        file.nullMembers = [.description, .starred]
        let body = try Self.json(file)
        #expect(body.keys.sorted() == ["description", "name", "starred"])
        #expect(body["description"] is NSNull && body["starred"] is NSNull && body["name"] as? String == "kept")
        file.nullMembers.insert(.name)
        #expect(try Self.json(file)["name"] as? String == "kept", "a value wins over a null")
        file.nullMembers.remove(.starred)
        #expect(try Self.json(file).keys.sorted() == ["description", "name"])
        // A selection inside a member names nothing of this value: ignored, not a null.
        var broadcast = YouTube.LiveBroadcast(id: "b")
        broadcast.nullMembers = [.snippet([.title]), .contentDetails]
        #expect(try Self.json(broadcast).keys.sorted() == ["contentDetails", "id"])
        // Nested values write their own.
        broadcast.snippet = YouTube.LiveBroadcastSnippet(title: "t")
        broadcast.snippet?.nullMembers = [.scheduledEndTime]
        let snippet = try Self.json(broadcast)["snippet"] as? [String: Any] ?? [:]
        #expect(snippet.keys.sorted() == ["scheduledEndTime", "title"] && snippet["scheduledEndTime"] is NSNull)
        // Equality sees the difference.
        #expect(
            Drive.File(name: "a")
                != {
                    var f = Drive.File(name: "a")
                    f.nullMembers = [.description]
                    return f
                }())
    }

    @Test("drive.files.update with a null description clears it; nil leaves it")
    func driveUpdateClearsDescription() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let created = try await drive.files.create(
            body: Drive.File(description: "to be cleared", name: "nulls.txt"),
            media: MediaUpload(.data(Data("x".utf8)), contentType: "text/plain"),
            fields: [.id, .description])
        let id = try #require(created.id)
        #expect(created.description == "to be cleared")

        // nil (left out) changes nothing.
        let renamed = try await drive.files.update(fileId: id, body: Drive.File(name: "renamed.txt"), fields: [.name, .description])
        #expect(renamed.name == "renamed.txt" && renamed.description == "to be cleared")

        var clear = Drive.File()
        clear.nullMembers = [.description]
        let cleared = try await drive.files.update(fileId: id, body: clear, fields: [.name, .description])
        #expect(cleared.description == nil && cleared.name == "renamed.txt")
        let fetched = try await drive.files.get(fileId: id, fields: [.description, .name])
        #expect(fetched.description == nil && fetched.name == "renamed.txt")
        // Drive leaves a cleared member out of its answers: absent, not null.
        #expect(!fetched.nullMembers.contains(.description))
    }

    @Test("liveBroadcasts.update with null snippet members clears them")
    func youTubeUpdateClearsSnippetMembers() async throws {
        let backend = try EmulatorBackend(scopes: [YouTube.Scope.youtube])
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let id = GoogleEmulator.Seed.upcomingBroadcastID
        let end = Date().addingTimeInterval(8 * 86_400)
        let set = try await youtube.liveBroadcasts.update(
            part: [.snippet],
            body: YouTube.LiveBroadcast(id: id, snippet: YouTube.LiveBroadcastSnippet(description: "has an end", scheduledEndTime: end)))
        #expect(set.snippet?.scheduledEndTime != nil && set.snippet?.description == "has an end")
        let title = set.snippet?.title

        var snippet = YouTube.LiveBroadcastSnippet()
        snippet.nullMembers = [.scheduledEndTime, .description]
        let cleared = try await youtube.liveBroadcasts.update(part: [.snippet], body: YouTube.LiveBroadcast(id: id, snippet: snippet))
        #expect(cleared.snippet?.scheduledEndTime == nil)
        #expect(cleared.snippet?.description == "")
        #expect(cleared.snippet?.title == title, "members left out stay")

        let listed = try await youtube.liveBroadcasts.list(part: [.snippet], id: [id])
        #expect(listed.items?.first?.snippet?.scheduledEndTime == nil)
    }

    @Test("A decoded answer tells null members from absent ones, through the real client and a real server")
    func readingBackNulls() async throws {
        let body =
            #"{"files":[{"id":"a","description":null,"name":"x","owners":[{"displayName":null,"me":true}]},{"id":"b"}],"nextPageToken":null}"#
        let server = try LocalHTTPServer.start { request in
            request.path == "/drive/v3/files" ? .json(Data(body.utf8)) : .notFound
        }
        defer { server.stop() }
        let credentials = OAuthTokens(accessToken: "test-token", expiresAt: Date().addingTimeInterval(3600), refreshToken: nil, scopes: [])
        let session = AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: UnusedRefresher())
        let drive = Drive(session: session, rootURL: URL(string: server.baseURL.absoluteString + "/")!)
        let page = try await drive.files.list()
        let first = try #require(page.files?.first)
        let second = try #require(page.files?.last)
        #expect(first.description == nil && first.nullMembers.contains(.description))
        #expect(!first.nullMembers.contains(.name) && first.name == "x")
        #expect(first.owners?.first?.nullMembers.contains(.displayName) == true)
        #expect(first.owners?.first?.nullMembers.contains(.me) == false)
        #expect(second.description == nil && second.nullMembers.isEmpty, "absent, not null")
        #expect(page.nullMembers.contains(.nextPageToken) && page.nextPageToken == nil)
        // Sent back, a decoded value writes the same nulls.
        #expect(try Self.json(first)["description"] is NSNull)
    }
}
