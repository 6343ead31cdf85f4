import Foundation
import GoogleAPIRuntime
import LocalHTTPServer
import Synchronization
import TestSupport
import Testing

@testable import GoogleDrive

// MARK: - HostileDriveServerTests

/// The change feed and channel renewal against a server that answers what Drive never should:
/// page tokens that loop, a start token left out, a 410 without a location, channels that
/// expired in 1970. Each must end (or slow down) with a typed error, never spin.
@Suite struct HostileDriveServerTests {
    /// A Drive service talking to `server`, with a token nobody refreshes.
    private static func drive(_ server: LocalHTTPServer) -> Drive {
        let credentials = OAuthTokens(accessToken: "test-token", expiresAt: Date().addingTimeInterval(3600), refreshToken: nil, scopes: [])
        let session = AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: UnusedRefresher())
        return Drive(session: session, rootURL: URL(string: server.baseURL.absoluteString + "/")!)
    }

    private static func json(_ text: String, status: Int = 200) -> HTTPServerResponse {
        .json(Data(text.utf8), status: status)
    }

    /// Drains a feed that does not wait for changes, with a saved start token `start`.
    private static func drain(_ drive: Drive, start: String? = "start") async throws -> [Drive.Change] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let tokens = DriveChangeTokenStore(directory: scratch.file("state"))
        if let start { try await tokens.save(start, for: .user) }
        var changes: [Drive.Change] = []
        for try await change in drive.changeFeed(tokens: tokens, configuration: .init(waitsForChanges: false)) {
            changes.append(change)
        }
        return changes
    }

    @Test(
        "A changes page that repeats its own token, or cycles through tokens, ends in a typed error",
        arguments: [["start"], ["a", "b", "a"]])
    func pageTokenLoop(answers: [String]) async throws {
        let calls = Mutex(0)
        let server = try LocalHTTPServer.start { request in
            guard request.path == "/drive/v3/changes" else { return .notFound }
            let asked = request.queryValue("pageToken") ?? ""
            let count = calls.withLock {
                $0 += 1
                return $0
            }
            // The first answer moves on; `answers` then say where each later page points.
            let next = count <= answers.count ? answers[count - 1] : asked
            return Self.json(#"{"changes":[{"changeType":"file","fileId":"f\#(count)"}],"nextPageToken":"\#(next)"}"#)
        }
        defer { server.stop() }
        await #expect(throws: DriveChangeFeedError(code: .repeatedPageToken, corpus: .user)) {
            _ = try await Self.drain(Self.drive(server))
        }
        #expect(calls.withLock { $0 } == answers.count, "stopped at the first repeat")
        let error = DriveChangeFeedError(code: .repeatedPageToken, corpus: .user)
        #expect(error.description.contains("loop"))
    }

    @Test("A missing startPageToken is named as such, not as a mask problem")
    func missingStartToken() async throws {
        let server = try LocalHTTPServer.start { request in
            request.path == "/drive/v3/changes/startPageToken" ? Self.json(#"{"kind":"drive#startPageToken"}"#) : .notFound
        }
        defer { server.stop() }
        await #expect(throws: DriveChangeFeedError(code: .missingStartPageToken, corpus: .user)) {
            _ = try await Self.drain(Self.drive(server), start: nil)
        }
        let error = DriveChangeFeedError(code: .missingStartPageToken, corpus: .user)
        #expect(error.description.contains("startPageToken") && !error.description.contains("fields mask"))
    }

    @Test(
        "A channel watch without a startPageToken (missing or empty) throws invalidResponse and opens nothing",
        arguments: [#"{"kind":"drive#startPageToken"}"#, #"{"startPageToken":""}"#])
    func channelWatchWithoutStartToken(answer: String) async throws {
        let watchedFrom = Mutex<[String]>([])
        let server = try LocalHTTPServer.start { request in
            switch request.path {
            case "/drive/v3/changes/startPageToken":
                return Self.json(answer)
            case "/drive/v3/changes/watch":
                watchedFrom.withLock { $0.append(request.queryValue("pageToken") ?? "") }
                return Self.json(#"{"kind":"api#channel","id":"c","resourceId":"r","expiration":"4102444800000"}"#)
            default:
                return .notFound
            }
        }
        defer { server.stop() }
        let receiver = DriveNotificationReceiver()
        let watch = DriveChannelWatch(
            drive: Self.drive(server), resource: .changes(.user), address: URL(string: "https://example.com/notify")!, receiver: receiver)
        do {
            _ = try await watch.open()
            Issue.record("a channel was opened from no start token")
        } catch let error as GoogleAPIClientError {
            #expect(error.code == .invalidResponse)
            #expect(error.reason.contains("startPageToken"))
        }
        // Watching from a made-up token ("1") would have announced the whole history again.
        #expect(watchedFrom.withLock { $0 } == [])
        #expect(receiver.channels.isEmpty, "the channel's credentials were revoked again")
    }

    @Test("A 410 for a page token advises a resync, whatever its error list says")
    func goneTokenAdvisesResync() async throws {
        let server = try LocalHTTPServer.start { request in
            guard request.path == "/drive/v3/changes" else { return .notFound }
            return Self.json(#"{"error":{"code":410,"message":"Gone","errors":[{"reason":"deleted","message":"Gone"}]}}"#, status: 410)
        }
        defer { server.stop() }
        do {
            _ = try await Self.drain(Self.drive(server))
            Issue.record("a 410 ends the feed")
        } catch let error as DriveChangeFeedError {
            #expect(error.code == .invalidToken && error.status == 410)
            #expect(error.description.contains("resync"))
        }
    }

    @Test("A channel granted an expiration in 1970 is renewed with a growing backoff, not in a loop")
    func expiredChannelBacksOff() async throws {
        let watches = Mutex(0)
        let server = try LocalHTTPServer.start { request in
            switch request.path {
            case "/drive/v3/changes/startPageToken":
                return Self.json(#"{"startPageToken":"1"}"#)
            case "/drive/v3/changes/watch":
                let count = watches.withLock {
                    $0 += 1
                    return $0
                }
                return Self.json(#"{"kind":"api#channel","id":"c\#(count)","resourceId":"r","expiration":"1000"}"#)
            case "/drive/v3/channels/stop":
                return HTTPServerResponse(status: 204)
            default:
                return .notFound
            }
        }
        defer { server.stop() }
        let watch = DriveChannelWatch(
            drive: Self.drive(server), resource: .changes(.user), address: URL(string: "https://example.com/notify")!, receiver: nil,
            retryDelay: .milliseconds(10), minimumRenewalInterval: .seconds(1))
        let running = Task { try await watch.run() }
        // A hang guard: a loaded machine may take a while to open the first channel.
        #expect(await waitUntil(.seconds(300)) { watches.withLock { $0 } >= 1 })
        let first = watches.withLock { $0 }
        // Backoff steps of 1, 2 and 4 s: in the next 5 s at most two renewals (a hot loop made
        // dozens a second).
        try await Task.sleep(for: .seconds(5))
        running.cancel()
        _ = try? await running.value
        let count = watches.withLock { $0 } - first
        #expect(count <= 2, "\(count) changes.watch calls in 5 s")
    }

    @Test("Renewal waits are clamped: an expiration far ahead counts as the lifetime asked")
    func renewalDelayIsBounded() throws {
        let server = try LocalHTTPServer.start { _ in .notFound }
        defer { server.stop() }
        let watch = DriveChannelWatch(
            drive: Self.drive(server), resource: .changes(.user), address: URL(string: "https://example.com/notify")!, receiver: nil,
            lifetime: .seconds(3600), renewalMargin: .seconds(600))
        let now = Date()
        #expect(watch.delay(until: Date.distantFuture, askedAt: now) <= .seconds(3000))
        #expect(watch.delay(until: Date(timeIntervalSince1970: 1), askedAt: now) == .zero)
        #expect(watch.delay(until: Date(timeIntervalSince1970: .greatestFiniteMagnitude), askedAt: now) <= .seconds(3000))
        #expect(DriveChannelWatch.doubled(.seconds(3000)) == .seconds(3600))
        #expect(DriveChannelWatch.backoffFloor(.zero) == .seconds(1))
    }
}
