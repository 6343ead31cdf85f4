// MARK: - DriveChangeFeedError

/// Why a ``DriveChangeFeed`` cannot continue.
public struct DriveChangeFeedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// Drive no longer accepts the saved page token (it expired, or belongs to another
        /// corpus). The changes since it are lost: resync in full (see ``remedy``).
        case invalidToken
        /// A changes page had neither a `nextPageToken` nor a `newStartPageToken`, so the feed
        /// cannot know where to continue (a `fields` mask elsewhere dropping them, or a broken
        /// server).
        case missingPageToken
        /// `changes.getStartPageToken` answered without a `startPageToken`, so the feed has no
        /// position to begin from (a broken server or proxy).
        case missingStartPageToken
        /// A changes page gave as its `nextPageToken` a token the feed had already followed (the
        /// token it was asked with, or one of a cycle): following it would loop forever.
        case repeatedPageToken
    }

    public var code: Code
    /// The corpus whose feed stopped.
    public var corpus: DriveChangeCorpus
    /// The HTTP status Drive answered, when it answered.
    public var status: Int?

    public init(code: Code, corpus: DriveChangeCorpus, status: Int? = nil) {
        self.code = code
        self.corpus = corpus
        self.status = status
    }

    /// What to do about it.
    public var remedy: String {
        switch code {
        case .invalidToken:
            "resync in full: delete the saved token (DriveChangeTokenStore.delete), list the files again "
                + "(files.list), then start a new feed, which begins at a fresh changes.getStartPageToken"
        case .missingPageToken:
            "keep nextPageToken and newStartPageToken in the fields mask (the feed adds them to its own)"
        case .missingStartPageToken:
            "try again later; if it persists, the server (or a proxy in front of it) is not answering as Drive does"
        case .repeatedPageToken:
            "the server is looping; try again later, and resync in full if it keeps doing so"
        }
    }

    public var description: String {
        switch code {
        case .invalidToken:
            "The changes page token of \(corpus.key) is no longer valid (HTTP \(status.map(String.init) ?? "?")); \(remedy)."
        case .missingPageToken:
            "A changes page of \(corpus.key) had no nextPageToken or newStartPageToken; \(remedy)."
        case .missingStartPageToken:
            "changes.getStartPageToken for \(corpus.key) answered without a startPageToken; \(remedy)."
        case .repeatedPageToken:
            "changes.list for \(corpus.key) answered with a nextPageToken it had already given (a page loop), "
                + "so the feed stopped instead of following it forever; \(remedy)."
        }
    }
}
