// MARK: - LiveChatMessageStream

/// The messages of one live chat as they arrive: polls `liveChatMessages.list`, waiting the
/// `pollingIntervalMillis` the server asks for between polls, and ends when the chat does
/// (a page with `offlineAt`, or a `liveChatEnded`/`liveChatDisabled` error).
///
/// Obtain one from ``YouTube/LiveChatMessagesResource/messages(liveChatId:part:hl:maxResults:profileImageSize:minimumInterval:)``:
///
///     for try await message in youtube.liveChatMessages.messages(liveChatId: chatID) {
///         print(message.snippet?.displayMessage ?? "")
///     }
///
/// Back-to-back polling would burn quota and be throttled, which is why `liveChatMessages.list`
/// has no `listPages` variant.
public struct LiveChatMessageStream: AsyncSequence, Sendable {
    public typealias Element = YouTube.LiveChatMessage

    /// Waits between polls; replaceable so tests can observe the waits without sleeping.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    let resource: YouTube.LiveChatMessagesResource
    let liveChatId: String
    let part: [GoogleResourcePart<YouTube.LiveChatMessage>]
    let hl: String?
    let maxResults: UInt32?
    let profileImageSize: UInt32?
    let sleep: Sleep
    /// The shortest wait between polls whatever the server asks (a budget's pace), if any.
    let floor: Duration?
    /// Used when a page names no interval (YouTube documents none as optional; be polite).
    static let defaultInterval = Duration.milliseconds(5000)
    /// Lower bound for server-given intervals, so a zero never turns into a busy loop.
    static let minimumInterval = Duration.milliseconds(100)
    /// A server-supplied interval is capped so a hostile or broken answer can't park the tail for days.
    static let maximumInterval = Duration.seconds(60)

    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    // MARK: - Iterator

    /// Buffers one poll's messages; polls again (after the wait) when they are used up.
    public struct Iterator: AsyncIteratorProtocol {
        let stream: LiveChatMessageStream
        var buffered: [YouTube.LiveChatMessage] = []
        var pageToken: String?
        var wait: Duration?
        var finished = false

        public mutating func next() async throws -> YouTube.LiveChatMessage? {
            while buffered.isEmpty {
                if finished { return nil }
                if let wait { try await stream.sleep(wait) }
                try await poll()
            }
            return buffered.removeFirst()
        }

        private mutating func poll() async throws {
            let page: YouTube.LiveChatMessageListResponse
            do {
                page = try await stream.resource.list(
                    liveChatId: stream.liveChatId, part: stream.part, hl: stream.hl,
                    maxResults: stream.maxResults, pageToken: pageToken, profileImageSize: stream.profileImageSize
                )
            } catch let error as GoogleAPIError where error.hasReason("liveChatEnded") || error.hasReason("liveChatDisabled") {
                finished = true
                return
            }
            buffered = page.items ?? []
            pageToken = page.nextPageToken ?? pageToken
            if page.offlineAt != nil { finished = true }
            let interval = page.pollingIntervalMillis.map { Duration.milliseconds(Int64($0)) } ?? LiveChatMessageStream.defaultInterval
            let paced = Swift.min(Swift.max(interval, LiveChatMessageStream.minimumInterval), LiveChatMessageStream.maximumInterval)
            wait = stream.floor.map { Swift.max(paced, $0) } ?? paced
        }
    }

    // MARK: - Budget

    /// The wait between polls that makes `units` last `duration`, each poll costing
    /// `liveChatMessages.list`'s units (``YouTubeQuotaCost``): e.g. 2,000 units over 4 hours,
    /// 400 polls of 5 units, is one poll every 36 seconds. No units left: the whole duration.
    public static func interval(forBudget units: Int, lasting duration: Duration) -> Duration {
        let polls = units / Swift.max(YouTube.LiveChatMessagesResource.listQuotaCost.units, 1)
        guard polls > 0 else { return duration }
        return duration / polls
    }
}

// MARK: - LiveChatMessagesResource

extension YouTube.LiveChatMessagesResource {
    /// The chat's messages as an async sequence that polls at the server's pace and ends with
    /// the chat. The first poll returns the chat's backlog (up to `maxResults`).
    /// - Parameters:
    ///   - liveChatId: The chat (`snippet.liveChatId` of the broadcast).
    ///   - part: Parts to fetch for each message.
    ///   - hl: Language for currency amounts in Super Chat details.
    ///   - maxResults: Messages per poll (200–2000 on YouTube).
    ///   - profileImageSize: Size of the authors' profile images.
    ///   - minimumInterval: Never poll more often than this, whatever `pollingIntervalMillis`
    ///     says: a budget's pace (``LiveChatMessageStream/interval(forBudget:lasting:)``).
    /// - Returns: A sequence that throws the API's error for anything but the chat ending.
    public func messages(
        liveChatId: String, part: [GoogleResourcePart<YouTube.LiveChatMessage>] = [.id, .snippet, .authorDetails], hl: String? = nil,
        maxResults: UInt32? = nil, profileImageSize: UInt32? = nil, minimumInterval: Duration? = nil
    ) -> LiveChatMessageStream {
        messages(
            liveChatId: liveChatId, part: part, hl: hl, maxResults: maxResults, profileImageSize: profileImageSize,
            minimumInterval: minimumInterval
        ) {
            try await Task.sleep(for: $0)
        }
    }

    /// ``messages(liveChatId:part:hl:maxResults:profileImageSize:minimumInterval:)`` with the wait between
    /// polls supplied by the caller (tests record the waits; apps can add jitter).
    public func messages(
        liveChatId: String, part: [GoogleResourcePart<YouTube.LiveChatMessage>] = [.id, .snippet, .authorDetails], hl: String? = nil,
        maxResults: UInt32? = nil, profileImageSize: UInt32? = nil, minimumInterval: Duration? = nil,
        sleep: @escaping LiveChatMessageStream.Sleep
    ) -> LiveChatMessageStream {
        LiveChatMessageStream(
            resource: self, liveChatId: liveChatId, part: part, hl: hl, maxResults: maxResults,
            profileImageSize: profileImageSize, sleep: sleep, floor: minimumInterval
        )
    }
}
