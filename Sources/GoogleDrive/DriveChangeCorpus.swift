// MARK: - DriveChangeCorpus

/// Whose changes a feed follows. A changes page token belongs to one corpus: a token of the
/// user's changes means nothing for a shared drive's, so each corpus keeps its own token.
public enum DriveChangeCorpus: Sendable, Hashable {
    /// The user's changes: My Drive and, with shared drives included (the default, see
    /// `GoogleAPIRuntime/APIParameterDefaults/sharedDrives`), the shared drives the user is a member of.
    case user
    /// One shared drive's changes.
    case sharedDrive(id: String)

    /// The shared drive's ID for `changes.*`'s `driveId`, `nil` for the user's corpus.
    public var driveID: String? {
        switch self {
        case .user: nil
        case .sharedDrive(let id): id
        }
    }

    /// A stable text naming the corpus, the key of its saved token (`user`, `drive:<id>`).
    public var key: String {
        switch self {
        case .user: "user"
        case .sharedDrive(let id): "drive:\(id)"
        }
    }
}
