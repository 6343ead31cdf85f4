import Foundation
import LocalHTTPServer

// MARK: - BroadcastLifeCycle

/// The liveBroadcasts.transition state machine.
///
/// ready → testing (needs a bound stream and the monitor stream enabled), testing → live,
/// ready → live (only with the monitor stream disabled), testing/live → complete. Transitions to
/// the current state are `redundantTransition`; anything else is `invalidTransition` (403).
enum BroadcastLifeCycle {
    static func transition(
        _ broadcast: inout LiveBroadcast, to target: LiveBroadcast.LifeCycleStatus,
        streams: inout [String: LiveStream], chats: inout [String: LiveChat]
    ) -> HTTPServerResponse? {
        let current = broadcast.lifeCycleStatus
        if current == target {
            return GoogleErrorResponse.forbidden(
                "redundantTransition", "The broadcast is already in the requested status or is in the process of transitioning to it.",
                domain: "youtube.liveBroadcast")
        }
        let allowed: Bool
        switch (current, target) {
        case (.ready, .testing): allowed = broadcast.enableMonitorStream
        case (.testing, .live): allowed = true
        case (.ready, .live): allowed = !broadcast.enableMonitorStream
        case (.testing, .complete), (.live, .complete): allowed = true
        default: allowed = false
        }
        guard allowed, broadcast.boundStreamID != nil || target == .complete else {
            return GoogleErrorResponse.forbidden(
                "invalidTransition",
                "Invalid transition from \(current.rawValue) to \(target.rawValue).",
                domain: "youtube.liveBroadcast")
        }
        broadcast.lifeCycleStatus = target
        let now = Date()
        switch target {
        case .testing:
            if let id = broadcast.boundStreamID { streams[id]?.streamStatus = "active" }
        case .live:
            broadcast.actualStartTime = now
            if let id = broadcast.boundStreamID { streams[id]?.streamStatus = "active" }
        case .complete:
            broadcast.actualEndTime = now
            if let id = broadcast.boundStreamID { streams[id]?.streamStatus = "inactive" }
            chats[broadcast.liveChatID]?.endedAt = now
        default:
            break
        }
        return nil
    }
}
