// MARK: - ExitStatus

/// The sample tools' documented exit codes.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    /// The stored authorization is gone or was revoked; the user must run `login` again.
    case reauthenticationRequired = 3
    /// Interrupted by Ctrl-C (SIGINT) or SIGTERM: 128 + SIGINT, as shells report it.
    case interrupted = 130
}
