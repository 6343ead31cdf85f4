import Foundation
@_spi(Testing) import GoogleAPIRuntime
import GoogleDrive
import GoogleEmulator
import GoogleYouTube
import Synchronization
import TestSupport
import Testing

// MARK: - Media and streams through the middleware

/// Generated media and streaming calls against the emulator through the real transport, with
/// faults: every request of a transfer reaches the session's and the call's middleware with the
/// call's Discovery method ID, the waits between them are announced with it, and a streamed
/// body's end (read, failed, abandoned) reaches middleware when it happens.
@Suite struct MediaAndStreamMiddlewareTests {
    /// Records `<method ID> <HTTP method> <Content-Range or Range> -> <status or threw>` for each
    /// request, and `end <outcome> <bytes>` when each response's body ends.
    struct Witness: GoogleMiddleware {
        let log: Kept<String>

        func intercept(
            _ request: GoogleMiddlewareRequest, context: GoogleRequestContext,
            next: @Sendable (GoogleMiddlewareRequest) async throws -> GoogleMiddlewareResponse
        ) async throws -> GoogleMiddlewareResponse {
            let range = request.header("Content-Range") ?? request.header("Range").map { "Range \($0)" } ?? "-"
            let line = "\(context.methodID ?? "none") \(request.method.rawValue) \(range)"
            do {
                let response = try await next(request)
                log.append("\(line) -> \(response.status)")
                response.onBodyEnd { [log] end in log.append("end \(end.outcome) \(end.bytes)") }
                return response
            } catch {
                log.append("\(line) -> threw")
                throw error
            }
        }
    }

    private static func configuration(attempts: Kept<String>, events: Kept<GoogleSessionEvent>) -> AuthorizedSession.Configuration {
        var configuration = AuthorizedSession.Configuration()
        configuration.attemptMiddleware = [Witness(log: attempts)]
        configuration.observers = [GoogleEventHandler { events.append($0) }]
        configuration.sleep = { _ in }
        return configuration
    }

    @Test(
        "a resumable drive.files.create whose chunk connection drops: every request, the dropped one too, passes the middleware as drive.files.create"
    )
    func uploadWithADroppedChunk() async throws {
        let attempts = Kept<String>()
        let calls = Kept<String>()
        let events = Kept<GoogleSessionEvent>()
        let backend = try EmulatorBackend(
            scopes: [Drive.Scope.drive], sessionConfiguration: Self.configuration(attempts: attempts, events: events))
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = scratch.file("video.bin")
        let chunk = 256 << 10
        let size = 3 * chunk + 1000
        try PatternData.make(size: size, blockSize: chunk).write(to: file)
        // Two drops: libcurl itself sends a request again once when a reused connection dies
        // before answering, so the second is the one the session sees.
        backend.emulator.faults.enqueue(.dropUploadConnection(), matching: "/upload/drive/v3/files", method: .put, count: 2)

        let media = MediaUpload.resumable(file: file, contentType: "video/mp4", chunkSize: chunk)
        let created = try await drive.files.create(
            body: Drive.File(name: "video.bin"), media: media, fields: [.id, .size],
            options: APICallOptions(callMiddleware: [Witness(log: calls)]))
        #expect(created.size == Int64(size))
        #expect(backend.emulator.faults.pendingCount == 0)

        let requests = attempts.values.filter { !$0.hasPrefix("end ") }
        #expect(requests.first == "drive.files.create POST - -> 200", "\(requests)")
        #expect(requests.allSatisfy { $0.hasPrefix("drive.files.create ") }, "\(requests)")
        // The dropped chunk, then the status query that finds where to go on.
        let dropped = try #require(requests.firstIndex { $0.hasSuffix("-> threw") }, "\(requests)")
        #expect(requests[dropped].hasPrefix("drive.files.create PUT bytes 0-\(chunk - 1)/\(size)"))
        #expect(requests[dropped + 1] == "drive.files.create PUT bytes */\(size) -> 308")
        #expect(requests.last == "drive.files.create PUT bytes \(3 * chunk)-\(size - 1)/\(size) -> 200")
        // The call's own middleware saw each request too (the dropped one as the call's error).
        #expect(calls.values.filter { !$0.hasPrefix("end ") } == requests)
        // The wait before resuming is the session's retry wait, naming the method.
        let wait = try #require(events.values.first { $0.kind == .retryScheduled })
        #expect(wait.context?.methodID == "drive.files.create" && wait.retryWait?.methodID == "drive.files.create")
        #expect(wait.retryWait?.reason == "connection closed" || wait.retryWait?.reason.isEmpty == false)
        #expect(events.values.contains { $0.kind == .uploadResumed && $0.context?.methodID == "drive.files.create" })
    }

    @Test("a resumable upload is charged to the quota ledger once, for its call, however many chunks and status queries follow")
    func resumableUploadChargedOnce() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let events = Kept<GoogleSessionEvent>()
        var configuration = Self.configuration(attempts: Kept<String>(), events: events)
        let ledger = GoogleQuotaLedger(
            fileURL: scratch.file("quota.json"), dailyBudget: 100,
            pricing: GoogleQuotaPricing { $0 == "drive.files.create" ? .init(method: $0, units: 30) : nil })
        configuration.quotaLedger = ledger
        let backend = try EmulatorBackend(scopes: [Drive.Scope.drive], sessionConfiguration: configuration)
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let file = scratch.file("video.bin")
        let chunk = 256 << 10
        let size = 5 * chunk + 1000
        try PatternData.make(size: size, blockSize: chunk).write(to: file)
        backend.emulator.faults.enqueue(.dropUploadConnection(), matching: "/upload/drive/v3/files", method: .put, count: 2)

        let created = try await drive.files.create(
            body: Drive.File(name: "video.bin"), media: .resumable(file: file, contentType: "video/mp4", chunkSize: chunk),
            fields: [.id, .size])
        #expect(created.size == Int64(size))
        let puts = backend.emulator.recordedRequests.filter { $0.method == .put }.count
        #expect(puts >= 6, "six chunks and a status query were sent (\(puts))")
        // Six chunks and a status query at 30 units each would be over the budget of 100.
        #expect(try await ledger.status().spent == 30)
        #expect(events.values.filter { $0.kind == .quotaCharged }.count == 1)
    }

    @Test(
        "a drive.files.get media stream resumed after a drop: each connection's body end reaches the middleware, the last after the last byte"
    )
    func downloadBodyEndsAfterTheLastByte() async throws {
        let attempts = Kept<String>()
        let events = Kept<GoogleSessionEvent>()
        let backend = try EmulatorBackend(
            scopes: [Drive.Scope.drive], sessionConfiguration: Self.configuration(attempts: attempts, events: events))
        let drive = Drive(session: backend.session, rootURL: backend.rootURL)
        let size = 3 << 20 + 17
        let payload = PatternData.make(size: size, blockSize: 64 << 10)
        let created = try await drive.files.create(
            media: MediaUpload(.data(payload), contentType: "application/octet-stream"), fields: [.id])
        let id = try #require(created.id)
        attempts.removeAll()
        backend.emulator.faults.enqueue(.dropConnection(afterBytes: 1 << 20), matching: "/drive/v3/files/\(id)", method: .get, count: 1)

        var read = 0
        for try await chunk in try await drive.files.getMediaStream(.init(fileId: id)) {
            read += chunk.count
            if read == size { attempts.append("read last byte") }
        }
        #expect(read == size)
        let log = attempts.values
        // First connection: its body failed part way; the ranged resume read to the end.
        #expect(log.first == "drive.files.get GET - -> 200", "\(log)")
        #expect(log.dropFirst().first?.hasPrefix("end failed ") == true, "\(log)")
        #expect(log.contains { $0.hasPrefix("drive.files.get GET Range bytes=") && $0.hasSuffix("-> 206") }, "\(log)")
        let lastByte = try #require(log.firstIndex(of: "read last byte"))
        let end = try #require(log.lastIndex { $0.hasPrefix("end completed ") })
        #expect(end > lastByte, "the body's end is reported once its last byte was read: \(log)")
        #expect(log.filter { $0.hasPrefix("end ") }.count == 2)
        #expect(events.values.contains { $0.kind == .retryScheduled && $0.retryWait?.methodID == "drive.files.get" })
    }

    @Test(
        "a chat stream reconnects through the middleware with its method ID, and the connection its reader leaves ends as abandoned, once")
    func abandonedStreamReportsItsEnd() async throws {
        let attempts = Kept<String>()
        let events = Kept<GoogleSessionEvent>()
        let backend = try EmulatorBackend(
            scopes: [YouTube.Scope.youtubeReadonly], sessionConfiguration: Self.configuration(attempts: attempts, events: events))
        let youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
        let emulator = backend.emulator
        let chatID = GoogleEmulator.Seed.liveChatID
        let history = try #require(emulator.chatMessageCount(liveChatID: chatID))
        let connections = { attempts.values.filter { !$0.hasPrefix("end ") }.count }
        do {
            var iterator = youtube.liveChatMessages.streamedMessages(liveChatId: chatID).makeAsyncIterator()
            for _ in 0..<history { _ = try #require(try await iterator.next()) }
            // The open stream drops; the next message comes over a second connection.
            emulator.dropChatStreams()
            emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "after the drop")
            let next = try #require(try await iterator.next())
            #expect(next.snippet?.displayMessage == "after the drop")
            #expect(connections() == 2)
            #expect(!attempts.values.contains { $0.hasPrefix("end abandoned") })
        }
        // The reader left: its connection's body ends as abandoned, once.
        #expect(await waitUntil(.seconds(60)) { attempts.values.contains { $0.hasPrefix("end abandoned") } })
        let log = attempts.values
        let requests = log.filter { !$0.hasPrefix("end ") }
        #expect(requests.count == 2 && requests.allSatisfy { $0.hasPrefix("youtube.youtube.v3.liveChat.messages.stream GET") }, "\(log)")
        #expect(log.filter { $0.hasPrefix("end ") }.count == 2, "\(log)")
        #expect(log.last?.hasPrefix("end abandoned") == true, "\(log)")
        let method = "youtube.youtube.v3.liveChat.messages.stream"
        #expect(events.values.contains { $0.kind == .retryScheduled && $0.retryWait?.methodID == method && $0.context?.methodID == method })
        #expect(events.values.contains { $0.kind == .streamReconnected && $0.context?.methodID == method })
    }
}

/// What the middleware and observers of these tests saw, in order.
final class Kept<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    func removeAll() { storage.withLock { $0.removeAll() } }
    var values: [Value] { storage.withLock { $0 } }
}
