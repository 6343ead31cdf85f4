// MARK: - DriveChangeFeedBootstrap

/// A mirror's whole input in one sequence: on a first run (no saved token) every file of the
/// corpus, then the changes from the moment before the listing began; on later runs only the
/// changes, from where the last run stopped.
///
/// ```swift
/// let sync = drive.changeFeed(tokens: tokens).bootstrap(listing: .init(query: .trashed(false)))
/// for try await event in sync {
///     switch event {
///     case .listed(let file): remember(file)
///     case .listingComplete: break
///     case .change(let change): apply(change)
///     }
/// }
/// ```
///
/// Listing first and then starting a feed loses the changes made during the listing: the feed's
/// first token is taken after them. The bootstrap takes `changes.getStartPageToken` *before* the
/// first `files.list`, so a change made while listing comes as a ``Event/change(_:)`` even when
/// the listing missed it (a file created after its page was read) or showed an older state. A
/// file can therefore come twice, listed and then changed: apply both, in order.
///
/// The start token is saved only when the listing is complete (when the caller asks for the
/// event after the last listed file): a process stopped while listing lists again on its next
/// run, from a new start token. After ``Event/listingComplete`` the sequence is the
/// ``DriveChangeFeed``, with its saving, waiting and errors.
public struct DriveChangeFeedBootstrap: AsyncSequence, Sendable {
    public typealias Element = Event

    /// What the sequence delivers.
    public enum Event: Sendable {
        /// A file of the initial listing.
        case listed(Drive.File)
        /// Every file of the listing has been delivered (first run only): a mirror that is
        /// rebuilding after a resync can drop what was not listed now.
        case listingComplete
        /// A change, from the moment before the listing began (or from the saved token).
        case change(Drive.Change)
    }

    /// What the initial listing asks `files.list` for.
    public struct Listing: Sendable, Hashable {
        /// Which files (`nil`: every file the corpus holds, trashed ones included).
        public var query: DriveQuery?
        /// A field mask for the pages, e.g. `files(id,name,parents)`; the bootstrap adds
        /// `nextPageToken`. `nil` takes Drive's default fields.
        public var fields: GoogleFieldMask<Drive.FileList>?
        /// Files per page (Drive: up to 1000; `nil` takes Drive's 100).
        public var pageSize: Int32?

        public init(query: DriveQuery? = nil, fields: GoogleFieldMask<Drive.FileList>? = nil, pageSize: Int32? = nil) {
            self.query = query
            self.fields = fields
            self.pageSize = pageSize
        }
    }

    /// The feed that follows the listing (its corpus, tokens and configuration).
    public let feed: DriveChangeFeed
    public let listing: Listing

    /// See ``DriveChangeFeed/bootstrap(listing:)``.
    public init(feed: DriveChangeFeed, listing: Listing = .init()) {
        self.feed = feed
        self.listing = listing
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(bootstrap: self)
    }

    // MARK: - Iterator

    public struct Iterator: AsyncIteratorProtocol {
        private enum State {
            /// Nothing asked yet.
            case start
            /// Listing from `startToken`: `files` not yet delivered, `nextPage` the page after them
            /// (`nil`: these are the last).
            case listing(startToken: String, files: [Drive.File], nextPage: String?)
            /// Following the changes.
            case following(DriveChangeFeed.Iterator)
            /// Ended (cancelled, or the feed ended).
            case done
        }

        let bootstrap: DriveChangeFeedBootstrap
        private var state = State.start

        init(bootstrap: DriveChangeFeedBootstrap) {
            self.bootstrap = bootstrap
        }

        public mutating func next() async throws -> Event? {
            do {
                return try await nextEvent()
            } catch {
                // Cancelled during a request: the sequence ends, as it does between requests. A
                // listing cut short saved no token, so the next run lists again.
                if Task.isCancelled { return nil }
                throw error
            }
        }

        private mutating func nextEvent() async throws -> Event? {
            let feed = bootstrap.feed
            while true {
                if Task.isCancelled { return nil }
                switch state {
                case .start:
                    if try await feed.tokens.load(feed.corpus) != nil {
                        // A later run: the saved token is where the changes continue.
                        state = .following(feed.makeAsyncIterator())
                    } else {
                        // The token first: a change made from now on is in the feed, whatever the
                        // listing below shows.
                        let token = try await Self.startToken(feed)
                        let page = try await listPage(nil)
                        state = .listing(startToken: token, files: page.files ?? [], nextPage: page.nextPageToken)
                    }
                case .listing(let token, var files, let nextPage):
                    if !files.isEmpty {
                        let file = files.removeFirst()
                        state = .listing(startToken: token, files: files, nextPage: nextPage)
                        return .listed(file)
                    }
                    if let nextPage {
                        let page = try await listPage(nextPage)
                        state = .listing(startToken: token, files: page.files ?? [], nextPage: page.nextPageToken)
                        continue
                    }
                    // Every file delivered: from now on a restart follows the changes.
                    try await feed.tokens.save(token, for: feed.corpus)
                    state = .following(DriveChangeFeed.Iterator(feed: feed, startToken: token))
                    return .listingComplete
                case .following(var changes):
                    let change = try await changes.next()
                    state = change == nil ? .done : .following(changes)
                    return change.map(Event.change)
                case .done:
                    return nil
                }
            }
        }

        /// `changes.getStartPageToken` for the feed's corpus.
        private static func startToken(_ feed: DriveChangeFeed) async throws -> String {
            let start = try await feed.drive.changes.getStartPageToken(driveId: feed.corpus.driveID, fields: [.startPageToken])
            guard let value = start.startPageToken, !value.isEmpty else {
                throw DriveChangeFeedError(code: .missingStartPageToken, corpus: feed.corpus)
            }
            return value
        }

        /// One page of the listing: the user's files, or the shared drive's.
        private func listPage(_ pageToken: String?) async throws -> Drive.FileList {
            let feed = bootstrap.feed
            let listing = bootstrap.listing
            return try await feed.drive.files.list(
                corpora: feed.corpus.driveID == nil ? nil : "drive", driveId: feed.corpus.driveID, pageSize: listing.pageSize,
                pageToken: pageToken, q: listing.query?.text, fields: listing.fields?.including(topLevel: ["nextPageToken"]))
        }
    }
}

// MARK: - DriveChangeFeed

extension DriveChangeFeed {
    /// This feed preceded, on a first run, by a listing of every file (see
    /// ``DriveChangeFeedBootstrap``): the start token is taken before the listing, so no change
    /// made while listing is missed.
    /// - Parameter listing: Which files, which fields, how many per page.
    public func bootstrap(listing: DriveChangeFeedBootstrap.Listing = .init()) -> DriveChangeFeedBootstrap {
        DriveChangeFeedBootstrap(feed: self, listing: listing)
    }
}
