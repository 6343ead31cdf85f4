import Foundation
import GoogleEmulator
import GoogleHTTP
import LocalHTTPServer
import Synchronization
import Testing

/// changes.watch / files.watch / channels.stop, with the notifications the emulator POSTs to a
/// webhook on this machine.
@Suite struct DriveChannelTests {
    /// A webhook recording the headers of each POST.
    private final class Webhook: Sendable {
        let server: LocalHTTPServer

        init() throws {
            let box = Box()
            server = try LocalHTTPServer.start { request in
                box.received.withLock { $0.append(request.headers) }
                return HTTPServerResponse(status: 200)
            }
            self.box = box
        }

        private final class Box: Sendable { let received = Mutex<[GoogleHTTPHeaders]>([]) }
        private let box: Box
        var messages: [GoogleHTTPHeaders] { box.received.withLock { $0 } }
        var address: String { server.baseURL.absoluteString + "/hook" }
        deinit { server.stop() }
    }

    private func watchBody(_ id: String, address: String, token: String? = "tok", expiration: Date? = nil) -> [String: Any] {
        var body: [String: Any] = ["id": id, "type": "web_hook", "address": address]
        if let token { body["token"] = token }
        if let expiration { body["expiration"] = String(Int64(expiration.timeIntervalSince1970 * 1000)) }
        return body
    }

    @Test func changesChannelSendsSyncThenChanges() async throws {
        let harness = try EmulatorHarness()
        let hook = try Webhook()
        let start = try await harness.send(.get, "/drive/v3/changes/startPageToken").json.string("startPageToken") ?? ""
        let opened = try await harness.sendJSON(
            .post, "/drive/v3/changes/watch?pageToken=\(start)", json: watchBody("c1", address: hook.address))
        #expect(opened.status == 200)
        #expect(opened.json.string("kind") == "api#channel")
        #expect(opened.json.string("id") == "c1")
        let resourceID = try #require(opened.json.string("resourceId"))
        let expiration = try #require(opened.json.string("expiration").flatMap(Int64.init))
        // No expiration asked: an hour.
        #expect(abs(Double(expiration) / 1000 - Date().addingTimeInterval(3600).timeIntervalSince1970) < 600)
        #expect(await waitUntil { hook.messages.count == 1 })
        try harness.emulator.addDriveFile(name: "n1", content: Data("1".utf8))
        try harness.emulator.addDriveFile(name: "n2", content: Data("2".utf8))
        #expect(await waitUntil { hook.messages.count == 3 })
        let messages = hook.messages
        #expect(messages.map { $0["X-Goog-Resource-State"] } == ["sync", "change", "change"])
        #expect(messages.map { $0["X-Goog-Message-Number"] } == ["1", "2", "3"])
        #expect(
            messages.allSatisfy {
                $0["X-Goog-Channel-ID"] == "c1" && $0["X-Goog-Channel-Token"] == "tok" && $0["X-Goog-Resource-ID"] == resourceID
                    && $0["X-Goog-Resource-URI"]?.contains("/drive/v3/changes") == true
                    && $0["X-Goog-Channel-Expiration"]?.hasSuffix(" GMT") == true
            })

        // channels.stop: no more messages; a second stop is 404.
        #expect(try await harness.sendJSON(.post, "/drive/v3/channels/stop", json: ["id": "c1", "resourceId": resourceID]).status == 204)
        #expect(try await harness.sendJSON(.post, "/drive/v3/channels/stop", json: ["id": "c1", "resourceId": resourceID]).status == 404)
        try harness.emulator.addDriveFile(name: "n3", content: Data("3".utf8))
        #expect(harness.emulator.driveChannelEvents.filter { $0.kind == .delivered }.count == 3)
    }

    @Test func fileChannelNamesWhatHappened() async throws {
        let harness = try EmulatorHarness()
        let hook = try Webhook()
        let id = try harness.emulator.addDriveFile(name: "watched", content: Data("w".utf8))
        let far = Date().addingTimeInterval(30 * 86_400)
        let opened = try await harness.sendJSON(
            .post, "/drive/v3/files/\(id)/watch", json: watchBody("f1", address: hook.address, expiration: far))
        #expect(opened.status == 200)
        // A file channel lives a day at most.
        let expiration = try #require(opened.json.string("expiration").flatMap(Int64.init))
        #expect(Double(expiration) / 1000 <= Date().addingTimeInterval(86_400 + 60).timeIntervalSince1970)
        #expect(await waitUntil { hook.messages.count == 1 })
        #expect(try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["name": "renamed"]).status == 200)
        #expect(try await harness.sendJSON(.patch, "/drive/v3/files/\(id)", json: ["trashed": true]).status == 200)
        try harness.emulator.addDriveFile(name: "other", content: Data("o".utf8))
        #expect(try await harness.send(.delete, "/drive/v3/files/\(id)").status == 204)
        #expect(await waitUntil { hook.messages.count == 4 })
        #expect(hook.messages.map { $0["X-Goog-Resource-State"] } == ["sync", "update", "trash", "remove"])
        #expect(hook.messages[1]["X-Goog-Changed"] == "properties")
    }

    @Test func channelsStopAtExpiration() async throws {
        let harness = try EmulatorHarness()
        let hook = try Webhook()
        let expiration = Date().addingTimeInterval(1)
        let opened = try await harness.sendJSON(
            .post, "/drive/v3/changes/watch?pageToken=1", json: watchBody("short", address: hook.address, expiration: expiration))
        #expect(opened.status == 200)
        #expect(await waitUntil { hook.messages.count == 1 })
        #expect(await waitUntil { Date() > expiration.addingTimeInterval(0.5) })
        try harness.emulator.addDriveFile(name: "late", content: Data("l".utf8))
        #expect(harness.emulator.driveChannelEvents.contains { $0.kind == .expired && $0.channelID == "short" })
        #expect(harness.emulator.openDriveChannelIDs.isEmpty)
        #expect(hook.messages.count == 1, "nothing after expiration")
    }

    @Test func watchRefusesWhatGoogleRefuses() async throws {
        let harness = try EmulatorHarness()
        let hook = try Webhook()
        let remote = try await harness.sendJSON(
            .post, "/drive/v3/changes/watch?pageToken=1", json: watchBody("r", address: "https://example.com/hook"))
        #expect(remote.status == 400)
        #expect(remote.errorReason == "push.webhookUrlUnauthorized")
        #expect(try await harness.sendJSON(.post, "/drive/v3/changes/watch", json: watchBody("r", address: hook.address)).status == 400)
        #expect(
            try await harness.sendJSON(.post, "/drive/v3/changes/watch?pageToken=1", json: watchBody("d", address: hook.address)).status
                == 200)
        let duplicate = try await harness.sendJSON(
            .post, "/drive/v3/changes/watch?pageToken=1", json: watchBody("d", address: hook.address))
        #expect(duplicate.status == 400)
        #expect(duplicate.errorReason == "channelIdNotUnique")
        let past = try await harness.sendJSON(
            .post, "/drive/v3/changes/watch?pageToken=1",
            json: watchBody("p", address: hook.address, expiration: Date(timeIntervalSince1970: 1)))
        #expect(past.status == 400)
        #expect(try await harness.sendJSON(.post, "/drive/v3/files/nope/watch", json: watchBody("x", address: hook.address)).status == 404)
    }
}

/// Polls `condition` until it holds or a minute (a hang guard) has passed.
private func waitUntil(_ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return true
}
