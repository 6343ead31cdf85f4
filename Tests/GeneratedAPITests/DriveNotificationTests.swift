import Foundation
import GoogleDrive
import GoogleEmulator
import GoogleHTTP
import Synchronization
import TestSupport
import Testing

// MARK: - Push notifications

/// Channels opened through the real transport, notifications POSTed by the emulator to a
/// `DriveNotificationReceiver`, and `DriveNotification.verify` on its own.
@Suite struct DriveNotificationTests {
    private static let channel = DriveChannelCredentials(
        channelID: "channel-1", token: "secret-token", resourceID: "resource-1", expiration: Date().addingTimeInterval(3600))

    private static func headers(
        id: String = "channel-1", token: String? = "secret-token", state: String = "change", number: String = "2",
        resource: String = "resource-1"
    ) -> [String: String] {
        var headers = [
            "x-goog-channel-id": id, "X-Goog-Resource-State": state, "X-Goog-Message-Number": number,
            "X-Goog-Resource-ID": resource, "X-Goog-Resource-URI": "https://www.googleapis.com/drive/v3/changes?alt=json",
            "X-Goog-Channel-Expiration": "Tue, 19 Nov 2099 01:13:52 GMT",
        ]
        if let token { headers["X-Goog-Channel-Token"] = token }
        return headers
    }

    @Test func verifyReadsEveryHeader() throws {
        let notification = try DriveNotification.verify(headers: Self.headers(state: "sync", number: "1"), channels: [Self.channel])
        #expect(notification.isSync)
        #expect(notification.channelID == "channel-1")
        #expect(notification.resourceID == "resource-1")
        #expect(notification.messageNumber == 1)
        #expect(notification.resourceURI?.hasPrefix("https://www.googleapis.com/") == true)
        let expiration = try #require(notification.expiration)
        #expect(Calendar(identifier: .gregorian).component(.year, from: expiration) == 2099)
    }

    @Test func verifyRejectsWhatGoogleDidNotSend() {
        func code(_ headers: [String: String], channels: [DriveChannelCredentials] = [Self.channel]) -> DriveNotificationError.Code? {
            do {
                _ = try DriveNotification.verify(headers: headers, channels: channels)
                return nil
            } catch {
                #expect(!error.description.contains("secret"), "no token in errors")
                return error.code
            }
        }
        #expect(code(Self.headers(token: "secret-tokeN")) == .tokenMismatch)
        #expect(code(Self.headers(token: nil)) == .tokenMismatch)
        #expect(code(Self.headers(id: "channel-2")) == .unknownChannel)
        #expect(code(Self.headers(resource: "resource-2")) == .unknownChannel)
        #expect(code(Self.headers(number: "zero")) == .malformedHeader)
        #expect(code(Self.headers(number: "0")) == .malformedHeader)
        var missing = Self.headers()
        missing["X-Goog-Resource-State"] = nil
        #expect(code(missing) == .missingHeader)
        var expired = Self.channel
        expired.expiration = Date().addingTimeInterval(-1)
        #expect(code(Self.headers(), channels: [expired]) == .expired)
        #expect(code(Self.headers(), channels: []) == .unknownChannel)
        #expect(!Self.channel.description.contains("secret-token"))
    }

    @Test func aForgedNotificationIsRejectedAndDoesNotWakeTheFeed() async throws {
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        defer { receiver.stop() }
        receiver.accept(Self.channel)
        func post(_ headers: [String: String]) async throws -> Int {
            var fields = GoogleHTTPHeaders()
            for (name, value) in headers { fields[name] = value }
            return try await CurlTransport().send(GoogleHTTPRequest(method: .post, url: receiver.address, headers: fields)).status
        }
        #expect(try await post(Self.headers(token: "forged")) == 403)
        #expect(try await post(Self.headers(id: "someone-else")) == 403)
        #expect(receiver.rejectedCount == 2)
        #expect(receiver.acceptedCount == 0)
        #expect(try await post(Self.headers()) == 200)
        #expect(receiver.acceptedCount == 1)
    }

    @Test func aChangeNotificationWakesTheFeedAtOnce() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let tokens = DriveChangeTokenStore(directory: scratch.url)
        let notifications = Mutex<[DriveNotification]>([])
        let receiver = DriveNotificationReceiver(observer: { note in notifications.withLock { $0.append(note) } })
        try receiver.start()
        defer { receiver.stop() }
        let watch = DriveChannelWatch(drive: drive, resource: .changes(.user), address: receiver.address, receiver: receiver)
        let channel = try await watch.open()
        #expect(await waitUntil { notifications.withLock { $0.contains { $0.isSync } } }, "Google sends `sync` first")

        // The feed polls once an hour: only a notification can bring the change sooner.
        let feed = drive.changeFeed(tokens: tokens, configuration: .init(pollInterval: .seconds(3600)), wakeup: receiver.wakeup)
        let emulator = backend.emulator
        let lists: @Sendable () -> Int = { emulator.recordedRequests.filter { $0.path == "/drive/v3/changes" }.count }
        let first = Task { () -> String? in
            for try await change in feed { return change.fileId }
            return nil
        }
        #expect(await waitUntil { lists() >= 1 })
        let id = try emulator.addDriveFile(name: "notified", content: Data("n".utf8))
        #expect(try await withTimeout(.seconds(60)) { try await first.value } == id)
        let received = notifications.withLock { $0 }
        #expect(received.first?.isSync == true)
        #expect(received.contains { $0.resourceState == "change" && $0.messageNumber >= 2 && $0.channelID == channel.channelID })
        await watch.stop(channel)
        #expect(emulator.openDriveChannelIDs.isEmpty)
        #expect(receiver.channels.isEmpty)
    }

    @Test func renewalOpensTheNewChannelBeforeStoppingTheOld() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let events = Mutex<[String]>([])
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        defer { receiver.stop() }
        // Channels of ten minutes renewed 598 s before they expire: a renewal every 2 s, none of
        // them anywhere near expiring however long a loaded machine leaves this task waiting.
        let watch = DriveChannelWatch(
            drive: drive, resource: .changes(.user), address: receiver.address, receiver: receiver,
            lifetime: .seconds(600), renewalMargin: .seconds(598), retryDelay: .milliseconds(100), minimumRenewalInterval: .seconds(1),
            onEvent: { event in
                if case .renewed(let old, let new) = event { events.withLock { $0.append("\(old)>\(new)") } }
            })
        let running = Task { try await watch.run() }
        // A hang guard: on a loaded machine each renewal is four requests behind a 2 s wait.
        #expect(await waitUntil(.seconds(300)) { events.withLock { $0.count >= 2 } }, "two renewals")
        running.cancel()
        _ = try? await running.value
        let emulator = backend.emulator
        let log = emulator.driveChannelEvents.filter { $0.kind != .delivered }
        // Every stop comes after the next channel opened: never a moment without a channel.
        for renewal in events.withLock({ $0 }) {
            let ids = renewal.split(separator: ">").map(String.init)
            let opened = try #require(log.firstIndex { $0.kind == .opened && $0.channelID == ids[1] })
            let stopped = try #require(log.firstIndex { $0.kind == .stopped && $0.channelID == ids[0] })
            #expect(opened < stopped)
        }
        #expect(!log.contains { $0.kind == .expired }, "renewed before expiry")
        #expect(emulator.openDriveChannelIDs.isEmpty, "cancelling stops the last channel")
        let ids = Set(log.filter { $0.kind == .opened }.map(\.channelID))
        #expect(ids.count == log.filter { $0.kind == .opened }.count, "every channel has a fresh ID")
    }

    @Test func aRenewalFailureIsRetriedAndReported() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let failures = Mutex(0)
        let renewed = Mutex(false)
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        defer { receiver.stop() }
        let watch = DriveChannelWatch(
            drive: drive, resource: .changes(.user), address: receiver.address, receiver: receiver,
            lifetime: .seconds(600), renewalMargin: .seconds(599), retryDelay: .milliseconds(50),
            onEvent: { event in
                switch event {
                case .renewalFailed: failures.withLock { $0 += 1 }
                case .renewed: renewed.withLock { $0 = true }
                default: break
                }
            })
        let first = try await watch.open()
        // The next two watch calls fail (400: not retried by the session, so the watch sees each).
        backend.emulator.faults.enqueue(.status(400), matching: "/drive/v3/changes/watch", method: .post, count: 2)
        let running = Task { try await watch.run(from: first) }
        #expect(await waitUntil(.seconds(300)) { renewed.withLock { $0 } })
        #expect(failures.withLock { $0 } == 2)
        running.cancel()
        _ = try? await running.value
    }

    @Test func lifetimesAndMarginsPastWhatDatesHoldDoNotTrap() async throws {
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive])
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let receiver = DriveNotificationReceiver()
        try receiver.start()
        defer { receiver.stop() }
        // Int64.max seconds: the expiration asked for was converted to Int64 milliseconds with a
        // trapping initialiser ("Fatal error: ... cannot be represented").
        for lifetime in [Duration.seconds(Int64.max), .seconds(Int64.max / 1000), .seconds(Int64.min), .seconds(-1)] {
            let watch = DriveChannelWatch(
                drive: drive, resource: .changes(.user), address: receiver.address, receiver: receiver, lifetime: lifetime,
                renewalMargin: .seconds(Int64.max))
            if lifetime < .zero {
                // An expiration in the past: Drive's refusal, typed, not a crash.
                await #expect(throws: GoogleAPIError.self) { try await watch.open() }
            } else {
                let channel = try await watch.open()
                await watch.stop(channel)
            }
        }
    }
}
