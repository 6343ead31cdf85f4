// MARK: - YouTubeLifecycleError

/// Why ``YouTubeBroadcastLifecycle`` stopped short of its target: what went wrong, the state
/// the broadcast was left in, and what to do about it.
public struct YouTubeLifecycleError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// No broadcast of the signed-in channel has this ID.
        case broadcastNotFound
        /// The broadcast has no stream bound (`created`): nothing can go live.
        case noBoundStream
        /// The bound stream does not exist (deleted).
        case streamNotFound
        /// The deadline passed while the bound stream was not `active` (no encoder sending);
        /// nothing was transitioned.
        case streamInactive
        /// The deadline passed while the broadcast was on its way (`testStarting`, `liveStarting`).
        case deadlineExceeded
        /// YouTube refused the transition (`invalidTransition`) from the state the broadcast is in.
        case invalidTransition
        /// The broadcast is `complete` or `revoked`: it cannot go live again.
        case broadcastEnded
        /// YouTube answered a transition with a server error (or the connection failed) and the
        /// broadcast, read back, had not taken it: still where it was after the attempts allowed,
        /// or somewhere the transition cannot start from. ``YouTubeLifecycleError/lifeCycleStatus``
        /// is the state read back (`nil` when it could not be read).
        case transitionFailed
    }

    public var code: Code
    /// The broadcast's `status.lifeCycleStatus` when the controller stopped (`nil` when unknown).
    public var lifeCycleStatus: String?
    /// What happened, in a sentence.
    public var message: String
    /// What to do next, in a sentence.
    public var remedy: String

    public init(code: Code, lifeCycleStatus: String?, message: String, remedy: String) {
        self.code = code
        self.lifeCycleStatus = lifeCycleStatus
        self.message = message
        self.remedy = remedy
    }

    public var description: String {
        let state = lifeCycleStatus.map { " (broadcast left \($0))" } ?? ""
        return "\(message)\(state). \(remedy)"
    }
}
