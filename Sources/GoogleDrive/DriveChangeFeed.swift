internal import Foundation

// MARK: - DriveChangeFeed

/// The changes of a Drive corpus as they happen: an `AsyncSequence` of ``Drive/Change`` that
/// starts where the last run stopped, walks every page, and when caught up waits for more.
///
/// ```swift
/// let feed = drive.changeFeed(corpus: .user, tokens: DriveChangeTokenStore(directory: stateFolder))
/// for try await change in feed {
///     print(change.fileId ?? "", change.removed == true ? "removed" : change.file?.name ?? "")
/// }
/// ```
///
/// - The first run asks `changes.getStartPageToken` and saves it: the feed then delivers the
///   changes made from that moment. Later runs start from the saved token. An app that also
///   lists the files first uses ``bootstrap(listing:)``, which takes the token before the
///   listing, so that no change made while listing is missed.
/// - The token is saved after each page is delivered, that is when the caller asks for the
///   change after a page's last one. A process stopped at any moment (even `kill -9`) misses no
///   change and repeats at most the page it was on.
/// - Caught up (a page with `newStartPageToken`), it waits ``Configuration/pollInterval``, or
///   less when a ``DriveChangeWakeup`` (fed by push notifications) fires, then looks again.
///   Cancelling the iterating task ends the sequence.
/// - A token Drive no longer accepts ends it with ``DriveChangeFeedError`` (`invalidToken`),
///   whose remedy is a full resync.
public struct DriveChangeFeed: AsyncSequence, Sendable {
    public typealias Element = Drive.Change

    /// How a feed asks and waits.
    public struct Configuration: Sendable, Hashable {
        /// How long to wait between looks once caught up.
        public var pollInterval: Duration
        /// Changes per page (Drive: up to 1000; `nil` takes Drive's 100).
        public var pageSize: Int32?
        /// A field mask for the pages, e.g. `changes(fileId,removed,file(name))`; the feed adds
        /// `nextPageToken` and `newStartPageToken`. `nil` takes Drive's default fields.
        public var fields: GoogleFieldMask<Drive.ChangeList>?
        /// Whether removals are delivered (Drive's default: yes).
        public var includeRemoved: Bool
        /// Whether the sequence waits for more changes when caught up (`true`), or ends there.
        public var waitsForChanges: Bool

        public init(
            pollInterval: Duration = .seconds(30), pageSize: Int32? = nil, fields: GoogleFieldMask<Drive.ChangeList>? = nil,
            includeRemoved: Bool = true,
            waitsForChanges: Bool = true
        ) {
            self.pollInterval = pollInterval
            self.pageSize = pageSize
            self.fields = fields
            self.includeRemoved = includeRemoved
            self.waitsForChanges = waitsForChanges
        }
    }

    public let drive: Drive
    public let corpus: DriveChangeCorpus
    public let tokens: DriveChangeTokenStore
    public let configuration: Configuration
    /// Wakes the feed early when caught up; `nil` polls only.
    public let wakeup: DriveChangeWakeup?

    /// See ``Drive/changeFeed(corpus:tokens:configuration:wakeup:)``.
    public init(
        drive: Drive, corpus: DriveChangeCorpus, tokens: DriveChangeTokenStore, configuration: Configuration = .init(),
        wakeup: DriveChangeWakeup? = nil
    ) {
        self.drive = drive
        self.corpus = corpus
        self.tokens = tokens
        self.configuration = configuration
        self.wakeup = wakeup
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(feed: self)
    }

    /// The field mask sent: the caller's plus the members the feed needs (unless named already).
    var pageFields: GoogleFieldMask<Drive.ChangeList>? {
        configuration.fields?.including(topLevel: ["nextPageToken", "newStartPageToken"])
    }

    // MARK: - Iterator

    public struct Iterator: AsyncIteratorProtocol {
        let feed: DriveChangeFeed
        /// The token of the page being delivered (saved already, or the start token).
        private var token: String?
        /// Changes of the current page not yet delivered.
        private var buffer: [Drive.Change] = []
        /// Where the next page starts; saved once `buffer` is delivered.
        private var next: String?
        /// Whether `next` came as `newStartPageToken` (nothing more for now).
        private var caughtUp = false
        /// The wakeup's count before the last page was asked for: a notification after it
        /// (while fetching or delivering) ends the next wait at once.
        private var mark = 0
        /// The page tokens followed since the feed last caught up, to stop a server's page loop.
        private var followed: Set<String> = []
        private var pendingError: DriveChangeFeedError?

        init(feed: DriveChangeFeed) {
            self.feed = feed
        }

        /// Starts at `startToken`, taken (and saved) by the caller: a ``DriveChangeFeedBootstrap``
        /// takes it before its listing.
        init(feed: DriveChangeFeed, startToken: String) {
            self.feed = feed
            self.token = startToken
        }

        public mutating func next() async throws -> Drive.Change? {
            do {
                return try await nextChange()
            } catch {
                // Cancelled during a request: the feed ends as it does when cancelled between
                // polls. Nothing is lost: the saved token moves only after a page is delivered.
                if Task.isCancelled { return nil }
                throw error
            }
        }

        private mutating func nextChange() async throws -> Drive.Change? {
            while true {
                if !buffer.isEmpty { return buffer.removeFirst() }
                if Task.isCancelled { return nil }
                if let next {
                    // The page is delivered: from now on a restart begins after it.
                    try await feed.tokens.save(next, for: feed.corpus)
                    token = next
                    self.next = nil
                    if caughtUp {
                        caughtUp = false
                        guard feed.configuration.waitsForChanges else { return nil }
                        await wait()
                        if Task.isCancelled { return nil }
                    }
                }
                if let loop = pendingError { throw loop }
                let current = try await currentToken()
                mark = feed.wakeup?.mark ?? 0
                let page = try await fetch(current)
                buffer = page.changes ?? []
                // What a tracer or log shows of the feed: one event per page, never its tokens.
                feed.drive.client.session.emit(
                    GoogleSessionEvent(
                        .changeFeedPage,
                        attributes: [
                            ("drive.corpus", feed.corpus.key), ("changes.count", String(buffer.count)),
                            ("caughtUp", page.nextPageToken == nil ? "true" : "false"),
                        ]))
                if let nextPage = page.nextPageToken {
                    // A token followed before in this run of pages is a loop: deliver this page, then stop.
                    followed.insert(current)
                    if followed.contains(nextPage) {
                        pendingError = DriveChangeFeedError(code: .repeatedPageToken, corpus: feed.corpus)
                    }
                    next = nextPage
                } else if let newStart = page.newStartPageToken {
                    followed.removeAll()
                    next = newStart
                    caughtUp = true
                } else {
                    throw DriveChangeFeedError(code: .missingPageToken, corpus: feed.corpus)
                }
            }
        }

        private mutating func currentToken() async throws -> String {
            if let token { return token }
            if let saved = try await feed.tokens.load(feed.corpus) {
                token = saved
                return saved
            }
            let start = try await feed.drive.changes.getStartPageToken(driveId: feed.corpus.driveID, fields: [.startPageToken])
            guard let value = start.startPageToken, !value.isEmpty else {
                throw DriveChangeFeedError(code: .missingStartPageToken, corpus: feed.corpus)
            }
            try await feed.tokens.save(value, for: feed.corpus)
            token = value
            return value
        }

        private func fetch(_ token: String) async throws -> Drive.ChangeList {
            do {
                return try await feed.drive.changes.list(
                    pageToken: token, driveId: feed.corpus.driveID, includeRemoved: feed.configuration.includeRemoved ? nil : false,
                    pageSize: feed.configuration.pageSize, fields: feed.pageFields)
            } catch let error as GoogleAPIError where Self.isInvalidToken(error) {
                throw DriveChangeFeedError(code: .invalidToken, corpus: feed.corpus, status: error.status)
            }
        }

        /// Drive answers 400 naming `pageToken` for a token it does not accept (and 404/410
        /// have been seen for expired ones).
        static func isInvalidToken(_ error: GoogleAPIError) -> Bool {
            switch error.status {
            case 400: error.errors.contains { $0.location == "pageToken" }
            // Gone: on changes.list only the page token can be.
            case 410: true
            case 404: error.errors.isEmpty || error.errors.contains { $0.location == "pageToken" }
            default: false
            }
        }

        private func wait() async {
            if let wakeup = feed.wakeup {
                await wakeup.wait(upTo: feed.configuration.pollInterval, unlessNotifiedSince: mark)
            } else {
                try? await Task.sleep(for: feed.configuration.pollInterval)
            }
        }
    }
}

// MARK: - Drive

extension Drive {
    /// The changes of `corpus` from where the last feed stopped (see ``DriveChangeFeed``).
    /// - Parameters:
    ///   - corpus: The user's changes, or one shared drive's.
    ///   - tokens: Where the feed's position is kept between runs.
    ///   - configuration: Poll interval, page size, field mask.
    ///   - wakeup: Ends a caught-up wait early (push notifications); `nil` polls only.
    public func changeFeed(
        corpus: DriveChangeCorpus = .user, tokens: DriveChangeTokenStore, configuration: DriveChangeFeed.Configuration = .init(),
        wakeup: DriveChangeWakeup? = nil
    ) -> DriveChangeFeed {
        DriveChangeFeed(drive: self, corpus: corpus, tokens: tokens, configuration: configuration, wakeup: wakeup)
    }
}
