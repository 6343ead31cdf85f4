import Foundation
import GoogleEmulator
import GoogleYouTube
import Synchronization

// MARK: - LiveChatLatencySection

/// How soon a chat message reaches the app: the emulator (in this process, on its own threads)
/// posts messages one at a time and the app's sequence yields them. The stream is measured from
/// the moment the emulator hands the message's element to its connection (the stream observer)
/// and from the moment it is posted; the polling sequence from the post, at a 500 ms
/// `pollingIntervalMillis` (YouTube's own intervals are usually longer, which only widens the gap).
struct LiveChatLatencySection: BenchmarkSection {
    var title: String { "Live chat latency (youtube.liveChatMessages, emulator in process)" }

    /// Messages timed on the stream, and on the polling sequence (each poll waits ~500 ms).
    static let streamSamples = 1_000
    static let pollSamples = 30
    static let pollInterval = 500

    func run(in context: BenchmarkContext) async throws -> [BenchmarkRow] {
        let written = WriteTimes()
        var configuration = GoogleEmulator.Configuration()
        configuration.chatPollingIntervalMillis = Self.pollInterval
        configuration.chatStreamObserver = { ids in written.record(ids) }
        let emulator = try GoogleEmulator.start(configuration: configuration)
        defer { emulator.stop() }
        let youtube = YouTube(session: Self.session(emulator), rootURL: emulator.rootURL)
        let chatID = GoogleEmulator.Seed.liveChatID
        let history = emulator.chatMessageCount(liveChatID: chatID) ?? 0
        let clock = ContinuousClock()

        // MARK: Stream
        var fromWrite: [Duration] = []
        var fromPost: [Duration] = []
        var stream = youtube.liveChatMessages.streamedMessages(liveChatId: chatID).makeAsyncIterator()
        for _ in 0..<history { _ = try await stream.next() }
        for sample in 0..<Self.streamSamples {
            let posted = clock.now
            guard let id = emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "stream \(sample)") else {
                throw BenchmarkError.toolFailed("the chat did not take a message")
            }
            guard let message = try await stream.next(), message.id == id else {
                throw BenchmarkError.toolFailed("the stream yielded another message than the one posted")
            }
            let yielded = clock.now
            fromPost.append(yielded - posted)
            if let write = written.time(of: id) { fromWrite.append(yielded - write) }
        }

        // MARK: Polling
        // The consumer polls without pause (as an app's chat loop does); posts land at random
        // moments of the polling cycle, as a real chat's do.
        let yieldTimes = WriteTimes()
        let backlog = emulator.chatMessageCount(liveChatID: chatID) ?? 0
        let consumer = Task {
            var polls = youtube.liveChatMessages.messages(liveChatId: chatID).makeAsyncIterator()
            var seen = 0
            while let message = try await polls.next() {
                seen += 1
                if seen == backlog { yieldTimes.record(["backlog read"]) }
                if seen > backlog, let id = message.id { yieldTimes.record([id]) }
            }
        }
        defer { consumer.cancel() }
        while yieldTimes.time(of: "backlog read") == nil { try await Task.sleep(for: .milliseconds(5)) }
        var polled: [Duration] = []
        for sample in 0..<Self.pollSamples {
            try await Task.sleep(for: .milliseconds(Int.random(in: 0..<Self.pollInterval)))
            let posted = clock.now
            guard let id = emulator.postChatMessage(liveChatID: chatID, authorName: "Ada", text: "poll \(sample)") else {
                throw BenchmarkError.toolFailed("the chat did not take a message")
            }
            while yieldTimes.time(of: id) == nil { try await Task.sleep(for: .milliseconds(1)) }
            if let yielded = yieldTimes.time(of: id) { polled.append(yielded - posted) }
        }

        let streamRow = Self.summary(fromWrite)
        let postRow = Self.summary(fromPost)
        let pollRow = Self.summary(polled)
        return [
            BenchmarkRow("stream: emulator writes element → sequence yields", streamRow.text, note: "\(fromWrite.count) messages"),
            BenchmarkRow("stream: message posted → sequence yields", postRow.text, note: "\(fromPost.count) messages"),
            BenchmarkRow(
                "polling (\(Self.pollInterval) ms interval): posted → yields", pollRow.text,
                note: "\(polled.count) messages; median \(BenchmarkFormat.ratio(pollRow.median, to: postRow.median, label: "the stream's"))"
            ),
        ]
    }

    // MARK: - Helpers

    /// "median X ms, p99 Y ms" and the median in seconds.
    static func summary(_ samples: [Duration]) -> (text: String, median: Double) {
        let sorted = samples.map(\.seconds).sorted()
        guard !sorted.isEmpty else { return ("no samples", 0) }
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        return (String(format: "median %.3f ms, p99 %.3f ms", median * 1e3, p99 * 1e3), median)
    }

    static func session(_ emulator: GoogleEmulator) -> AuthorizedSession {
        let scopes = [YouTube.Scope.youtubeReadonly]
        let tokens = emulator.oauth.issueTokens(scopes: scopes)
        let credentials = OAuthTokens(
            accessToken: tokens.access, expiresAt: Date().addingTimeInterval(3600), refreshToken: tokens.refresh, scopes: Set(scopes))
        let client = OAuthEmulator.Client.testDesktopClient
        let refresher = OAuthClient(
            configuration: OAuthClientConfiguration(
                clientID: client.id, clientSecret: client.secret, endpoints: OAuthEndpoints(emulatorBaseURL: emulator.baseURL)))
        return AuthorizedSession(credentials: InMemoryTokenStore(credentials), refresher: refresher)
    }
}

/// When the emulator's stream handed each message to its connection.
final class WriteTimes: Sendable {
    private let times = Mutex<[String: ContinuousClock.Instant]>([:])

    func record(_ ids: [String]) {
        let now = ContinuousClock.now
        times.withLock { times in
            for id in ids { times[id] = now }
        }
    }

    func time(of id: String) -> ContinuousClock.Instant? {
        times.withLock { $0[id] }
    }
}
