// MARK: - YouTubeLifecycleStep

/// One thing ``YouTubeBroadcastLifecycle`` observed or did on the way to a broadcast's target
/// state, reported as it happens.
public enum YouTubeLifecycleStep: Sendable, Hashable, CustomStringConvertible {
    /// The broadcast as found: its `status.lifeCycleStatus`, whether its monitor stream is on, and
    /// the stream bound to it.
    case checked(lifeCycleStatus: String, monitorStream: Bool, boundStream: String?)
    /// The bound stream is not `active` yet (no encoder sends): polled again after the wait.
    /// Reported once per status seen, not per poll.
    case waitingForStream(streamStatus: String)
    /// The bound stream is `active`.
    case streamActive
    /// A `liveBroadcasts.transition` to `target` is being sent.
    case transitioning(to: String)
    /// The broadcast is in an intermediate state (`testStarting`, `liveStarting`) on its way to `target`.
    case waitingForState(current: String, target: String)
    /// The broadcast reached `lifeCycleStatus` (also when it was there already, or when YouTube
    /// answered `redundantTransition`).
    case reached(lifeCycleStatus: String)

    public var description: String {
        switch self {
        case .checked(let status, let monitor, let stream):
            "broadcast is \(status), monitor stream \(monitor ? "on" : "off"), bound stream \(stream ?? "none")"
        case .waitingForStream(let status): "waiting for the encoder: stream is \(status)"
        case .streamActive: "stream is active"
        case .transitioning(let target): "transitioning to \(target)"
        case .waitingForState(let current, let target): "broadcast is \(current), waiting for \(target)"
        case .reached(let status): "broadcast is \(status)"
        }
    }
}
