// MARK: - Run

extension YouTubeBroadcastLifecycle {
    /// One goLive or end: the deadline, the steps told so far, the broadcast as last read.
    struct Run {
        let lifecycle: YouTubeBroadcastLifecycle
        let id: String
        let deadline: ContinuousClock.Instant
        /// The whole wait (for pacing polls).
        let wait: Duration
        let onStep: @Sendable (YouTubeLifecycleStep) -> Void
        var lastStatus: String?

        init(
            lifecycle: YouTubeBroadcastLifecycle, id: String, deadline: ContinuousClock.Instant, wait: Duration,
            onStep: @escaping @Sendable (YouTubeLifecycleStep) -> Void
        ) {
            self.lifecycle = lifecycle
            self.id = id
            self.deadline = deadline
            self.wait = wait
            self.onStep = onStep
        }

        var youtube: YouTube { lifecycle.youtube }
        static let parts: [GoogleResourcePart<YouTube.LiveBroadcast>] = [.id, .snippet, .status, .contentDetails]

        // MARK: - goLive

        mutating func goLive() async throws -> YouTube.LiveBroadcast {
            var broadcast = try await read()
            let status = broadcast.status?.lifeCycleStatus?.rawValue ?? "unknown"
            let monitor = broadcast.contentDetails?.monitorStream?.enableMonitorStream ?? true
            let streamID = broadcast.contentDetails?.boundStreamId
            onStep(.checked(lifeCycleStatus: status, monitorStream: monitor, boundStream: streamID))
            switch status {
            case "live":
                onStep(.reached(lifeCycleStatus: "live"))
                return broadcast
            case "liveStarting":
                return try await waitFor("live")
            case "complete", "revoked":
                throw YouTubeLifecycleError(
                    code: .broadcastEnded, lifeCycleStatus: status, message: "Broadcast \(id) has ended",
                    remedy: "A broadcast goes live once: schedule a new one (liveBroadcasts.insert) and bind the stream to it.")
            default:
                break
            }
            guard let streamID, status != "created" else {
                throw YouTubeLifecycleError(
                    code: .noBoundStream, lifeCycleStatus: status, message: "Broadcast \(id) has no stream bound",
                    remedy:
                        "Bind a stream first (liveBroadcasts.bind with streamId; `youtube-live broadcasts bind \(id) --stream STREAM_ID`).")
            }
            try await waitForActiveStream(streamID)
            if status == "testStarting" || (status == "ready" && monitor) {
                if status == "ready" {
                    broadcast = try await transition(to: .testing)
                }
                if broadcast.status?.lifeCycleStatus?.rawValue != "testing" { broadcast = try await waitFor("testing") }
            }
            // Another app took it live while we waited: nothing left to send.
            if broadcast.status?.lifeCycleStatus?.rawValue == "live" { return broadcast }
            broadcast = try await transition(to: .live)
            if broadcast.status?.lifeCycleStatus?.rawValue == "live" {
                onStep(.reached(lifeCycleStatus: "live"))
                return broadcast
            }
            return try await waitFor("live")
        }

        // MARK: - end

        mutating func end() async throws -> YouTube.LiveBroadcast {
            let broadcast = try await read()
            let status = broadcast.status?.lifeCycleStatus?.rawValue ?? "unknown"
            let monitor = broadcast.contentDetails?.monitorStream?.enableMonitorStream ?? true
            onStep(.checked(lifeCycleStatus: status, monitorStream: monitor, boundStream: broadcast.contentDetails?.boundStreamId))
            if status == "complete" {
                onStep(.reached(lifeCycleStatus: "complete"))
                return broadcast
            }
            if status == "testStarting" || status == "liveStarting" {
                _ = try await waitFor(status == "testStarting" ? "testing" : "live")
            }
            let ended = try await transition(to: .complete)
            onStep(.reached(lifeCycleStatus: ended.status?.lifeCycleStatus?.rawValue ?? "complete"))
            return ended
        }

        // MARK: - Steps

        /// The broadcast now.
        mutating func read() async throws -> YouTube.LiveBroadcast {
            let found = try await youtube.liveBroadcasts.list(part: Self.parts, id: [id])
            guard let broadcast = found.items?.first else {
                throw YouTubeLifecycleError(
                    code: .broadcastNotFound, lifeCycleStatus: nil, message: "Broadcast \(id) was not found",
                    remedy: "Check the ID (a broadcast's ID is also its video's ID) and that you are signed in as its channel.")
            }
            lastStatus = broadcast.status?.lifeCycleStatus?.rawValue
            return broadcast
        }

        /// Polls the stream until it is `active`; past the deadline, fails with `streamInactive`.
        mutating func waitForActiveStream(_ streamID: String) async throws {
            let interval = lifecycle.pollInterval(for: wait, unitsPerPoll: YouTube.LiveStreamsResource.listQuotaCost.units)
            var reported: String?
            while true {
                let health = try await YouTubeBroadcastLifecycle.readHealth(youtube, streamID: streamID)
                if health.streamStatus == "active" {
                    onStep(.streamActive)
                    return
                }
                if reported != health.streamStatus {
                    onStep(.waitingForStream(streamStatus: health.streamStatus))
                    reported = health.streamStatus
                }
                guard ContinuousClock.now + interval <= deadline else {
                    throw YouTubeLifecycleError(
                        code: .streamInactive, lifeCycleStatus: lastStatus,
                        message: "Stream \(streamID) is still \(health.streamStatus): no encoder is sending to it",
                        remedy:
                            "Start the encoder with the stream's key (cdn.ingestionInfo.streamName), check it reports no errors, then try again."
                    )
                }
                try await Task.sleep(for: interval)
            }
        }

        /// Sends a transition; `redundantTransition` reads the broadcast instead.
        ///
        /// A server error (5xx) or a failed connection does not say whether YouTube made the
        /// transition: the broadcast is read back. On its way to `target` or there is success;
        /// still in a state the transition starts from, the transition is sent again, at most
        /// ``Configuration/transitionAttempts`` times in all and never past the deadline; anything
        /// else (or attempts used up) is `transitionFailed`, naming the state read back.
        mutating func transition(to target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus) async throws -> YouTube.LiveBroadcast
        {
            var attempt = 1
            while true {
                onStep(.transitioning(to: target.rawValue))
                let failure: any Error
                do {
                    return try await sendTransition(to: target)
                } catch let error where Self.leavesTransitionUnknown(error) {
                    failure = error
                }
                // The answer was lost: what YouTube did is read back, not guessed.
                let broadcast: YouTube.LiveBroadcast
                do {
                    broadcast = try await read()
                } catch let readError where !(readError is CancellationError) {
                    throw YouTubeLifecycleError(
                        code: .transitionFailed, lifeCycleStatus: nil,
                        message:
                            "The transition of broadcast \(id) to \(target.rawValue) failed (\(Self.summary(failure))) and its state could not be read back (\(Self.summary(readError)))",
                        remedy: Self.nextStep(for: target, id: id, status: nil))
                }
                let status = broadcast.status?.lifeCycleStatus?.rawValue ?? "unknown"
                if Self.isOnItsWay(status, to: target) { return broadcast }
                let delay = lifecycle.transitionRetryDelay(afterAttempt: attempt)
                if Self.transitionStarts(from: status, to: target), attempt < lifecycle.configuration.transitionAttempts,
                    ContinuousClock.now + delay <= deadline
                {
                    try await Task.sleep(for: delay)
                    attempt += 1
                    continue
                }
                throw YouTubeLifecycleError(
                    code: .transitionFailed, lifeCycleStatus: status,
                    message:
                        "YouTube did not take broadcast \(id) to \(target.rawValue) (\(attempt) attempt\(attempt == 1 ? "" : "s"), the last \(Self.summary(failure))); read back it is \(status)",
                    remedy: Self.nextStep(for: target, id: id, status: status))
            }
        }

        /// One `liveBroadcasts.transition`, with YouTube's refusals made typed.
        mutating func sendTransition(to target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus) async throws
            -> YouTube.LiveBroadcast
        {
            do {
                let broadcast = try await youtube.liveBroadcasts.transition(broadcastStatus: target, id: id, part: Self.parts)
                lastStatus = broadcast.status?.lifeCycleStatus?.rawValue
                return broadcast
            } catch let error as GoogleAPIError where error.hasReason("redundantTransition") {
                // Already there or on the way: not a failure.
                return try await read()
            } catch let error as GoogleAPIError where error.hasReason("errorStreamInactive") {
                throw YouTubeLifecycleError(
                    code: .streamInactive, lifeCycleStatus: lastStatus,
                    message: "YouTube refused the transition to \(target.rawValue): the stream is inactive",
                    remedy: "The encoder stopped sending: restart it and go live again.")
            } catch let error as GoogleAPIError where error.hasReason("invalidTransition") {
                let current = (try? await read())?.status?.lifeCycleStatus?.rawValue ?? lastStatus
                throw YouTubeLifecycleError(
                    code: .invalidTransition, lifeCycleStatus: current,
                    message: "YouTube refused the transition from \(current ?? "its state") to \(target.rawValue)",
                    remedy: target == .complete
                        ? "Only a testing or live broadcast can be completed; delete one that never went on air."
                        : "With the monitor stream on a broadcast must be testing before live; check its monitorStream setting.")
            }
        }

        /// Whether `error` leaves open whether YouTube made the transition: a server error, or a
        /// connection that failed after the request may have gone out.
        static func leavesTransitionUnknown(_ error: any Error) -> Bool {
            switch error {
            case let error as GoogleAPIError: (500...599).contains(error.status)
            case let error as HTTPTransportError: error.isTransient
            default: false
            }
        }

        /// Whether a broadcast in `status` has taken the transition to `target` (it may still be
        /// starting), or been moved past it meanwhile.
        static func isOnItsWay(_ status: String, to target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus) -> Bool {
            switch target {
            case .complete: status == "complete"
            case .testing: rank(status) >= rank("testStarting")
            case .live: rank(status) >= rank("liveStarting")
            default: false
            }
        }

        /// Whether `target` can be reached from `status` with one transition (YouTube's rules:
        /// `ready → testing`, `ready`/`testing → live`, `testing`/`live → complete`).
        static func transitionStarts(from status: String, to target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus)
            -> Bool
        {
            switch target {
            case .testing: status == "ready"
            case .live: status == "ready" || status == "testing"
            case .complete: status == "testing" || status == "live"
            default: false
            }
        }

        /// An error in a few words, for a message (no URLs or secrets: status and reason, or the
        /// transport's kind).
        static func summary(_ error: any Error) -> String {
            switch error {
            case let error as GoogleAPIError: "HTTP \(error.status)\(error.reasons.first.map { " \($0)" } ?? "")"
            case let error as HTTPTransportError: "\(error.kind)"
            case let error as YouTubeLifecycleError: error.message
            default: "\(type(of: error))"
            }
        }

        /// What to run next after a transition that did not happen, for the state read back.
        static func nextStep(
            for target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus, id: String, status: String?
        ) -> String {
            switch status {
            case nil:
                "Check its state (`youtube-live broadcasts list`, or liveBroadcasts.list with part=status) before trying again."
            case "complete", "revoked":
                "It has ended and cannot go on air again: schedule a new broadcast."
            default:
                target == .complete
                    ? "YouTube is failing for now: run `youtube-live end \(id)` again in a minute."
                    : "YouTube is failing for now: run `youtube-live go-live \(id)` again in a minute (it carries on from \(status ?? "there"))."
            }
        }

        /// Where a state lies on the way to live (unknown states: nowhere).
        static func rank(_ status: String) -> Int {
            ["created", "ready", "testStarting", "testing", "liveStarting", "live"].firstIndex(of: status) ?? -1
        }

        /// Polls the broadcast until it is `target`; past the deadline, fails with `deadlineExceeded`.
        mutating func waitFor(_ target: String) async throws -> YouTube.LiveBroadcast {
            let interval = lifecycle.pollInterval(for: wait, unitsPerPoll: YouTube.LiveBroadcastsResource.listQuotaCost.units)
            var reported: String?
            while true {
                let broadcast = try await read()
                let status = broadcast.status?.lifeCycleStatus?.rawValue ?? "unknown"
                if status == target || (Self.rank(status) > Self.rank(target) && Self.rank(status) <= Self.rank("live")) {
                    // Past it (another app moved it on meanwhile) counts as reached too.
                    onStep(.reached(lifeCycleStatus: status))
                    return broadcast
                }
                if status == "complete" || status == "revoked" {
                    throw YouTubeLifecycleError(
                        code: .broadcastEnded, lifeCycleStatus: status, message: "Broadcast \(id) ended while waiting for \(target)",
                        remedy: "Someone completed it meanwhile (another app, or YouTube Studio); schedule a new broadcast.")
                }
                if reported != status {
                    onStep(.waitingForState(current: status, target: target))
                    reported = status
                }
                guard ContinuousClock.now + interval <= deadline else {
                    throw YouTubeLifecycleError(
                        code: .deadlineExceeded, lifeCycleStatus: status, message: "Broadcast \(id) did not reach \(target) in time",
                        remedy: "YouTube is still starting it: wait and check its status, or call goLive again with a longer deadline.")
                }
                try await Task.sleep(for: interval)
            }
        }
    }
}
