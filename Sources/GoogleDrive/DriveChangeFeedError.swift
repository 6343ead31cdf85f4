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
        }
    }

    public var description: String {
        switch code {
        case .invalidToken:
            "The changes page token of \(corpus.key) is no longer valid (HTTP \(status.map(String.init) ?? "?")); \(remedy)."
        case .missingPageToken:
            "A changes page of \(corpus.key) had no nextPageToken or newStartPageToken; \(remedy)."
        }
    }
}
