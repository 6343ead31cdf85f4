// MARK: - CommandLineError

/// An error a command reports to its user, mapped to an exit status.
public enum CommandLineError: Error, Sendable, Equatable {
    /// The command line itself is wrong; the message says how.
    case usage(String)
    /// The command ran and failed.
    case failure(String)
    /// The refresh token is no longer valid.
    case reauthenticationRequired(tool: String)

    public var exitStatus: ExitStatus {
        switch self {
        case .usage: .usage
        case .failure: .failure
        case .reauthenticationRequired: .reauthenticationRequired
        }
    }

    /// What the user reads on standard error.
    public var message: String {
        switch self {
        case .usage(let text):
            return text
        case .failure(let text):
            return text
        case .reauthenticationRequired(let tool):
            return "The stored authorization is no longer valid (revoked or expired). Run `\(tool) login` again."
        }
    }
}
