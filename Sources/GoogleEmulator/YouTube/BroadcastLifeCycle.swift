import Foundation
import LocalHTTPServer

// MARK: - BroadcastLifeCycle

/// The liveBroadcasts.transition state machine, as YouTube runs it.
///
/// ready → testing (needs the monitor stream enabled), testing → live, ready → live (only with the
/// monitor stream disabled), testing/live → complete. Going to testing or live needs the bound
/// stream to be `active` (an encoder sending, ``GoogleEmulator/startEncoder(streamKey:)``), else
/// `errorStreamInactive`; the broadcast then passes through `testStarting`/`liveStarting` for
/// ``GoogleEmulator/Configuration/youTubeTransitionDuration`` before it reaches the target (see
/// ``YouTubeStore/settle(_:now:)``). A transition to the current or pending state is
/// `redundantTransition`; anything else is `invalidTransition` (all 403).
enum BroadcastLifeCycle {
    static func transition(
        _ broadcast: inout LiveBroadcast, to target: LiveBroadcast.LifeCycleStatus,
        streams: [String: LiveStream], chats: inout [String: LiveChat], duration: Duration, now: Date
    ) -> HTTPServerResponse? {
        let current = broadcast.lifeCycleStatus
        if current == target || current.pendingTarget == target {
            return GoogleErrorResponse.forbidden(
                "redundantTransition", "Redundant transition", domain: "youtube.liveBroadcast")
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
            return GoogleErrorResponse.forbidden("invalidTransition", "Invalid transition", domain: "youtube.liveBroadcast")
        }
        if target != .complete {
            guard let streamID = broadcast.boundStreamID, streams[streamID]?.streamStatus == "active" else {
                return GoogleErrorResponse.forbidden("errorStreamInactive", "Stream is inactive", domain: "youtube.liveBroadcast")
            }
        }
        switch target {
        case .testing:
            broadcast.lifeCycleStatus = .testStarting
            broadcast.pendingUntil = now.addingTimeInterval(duration.timeInterval)
        case .live:
            broadcast.lifeCycleStatus = .liveStarting
            broadcast.pendingUntil = now.addingTimeInterval(duration.timeInterval)
        case .complete:
            broadcast.lifeCycleStatus = .complete
            broadcast.pendingUntil = nil
            broadcast.actualEndTime = now
            chats[broadcast.liveChatID]?.endedAt = now
        default:
            break
        }
        return nil
    }

    /// Moves a broadcast whose `testStarting`/`liveStarting` time is over to `testing`/`live`.
    static func settle(_ broadcast: inout LiveBroadcast, now: Date) {
        guard let until = broadcast.pendingUntil, let target = broadcast.lifeCycleStatus.pendingTarget, now >= until else { return }
        broadcast.lifeCycleStatus = target
        broadcast.pendingUntil = nil
        if target == .live { broadcast.actualStartTime = until }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
