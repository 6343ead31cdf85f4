// MARK: - YouTubeBroadcastLifecycle

/// Takes a broadcast live and back down the way YouTube requires, so apps don't write the state
/// machine themselves.
///
/// ``goLive(broadcast:deadline:onStep:)`` waits until the bound stream is `active` (an encoder is
/// sending), then moves `ready → testing → live` when the monitor stream is on, or `ready → live`
/// when it is off, waiting out `testStarting`/`liveStarting`. A state already reached and YouTube's
/// `redundantTransition` count as success; `invalidTransition`, a missing stream and a deadline
/// that passes become ``YouTubeLifecycleError``s naming the state the broadcast was left in and a
/// remedy. A transition answered with a server error (`500 backendError`) or lost with the
/// connection may or may not have happened: the broadcast is read back, and the transition sent
/// again only while the broadcast is still where it was (``Configuration/transitionAttempts``). Nothing is transitioned before the stream is active. Cancelling the calling task stops
/// the wait (with `CancellationError`) at once.
///
///     let lifecycle = YouTubeBroadcastLifecycle(youtube: youtube)
///     let live = try await lifecycle.goLive(broadcast: id, deadline: .seconds(300)) { step in print(step) }
///
/// Every poll is a `liveStreams.list` or `liveBroadcasts.list` call, which costs quota (see
/// ``YouTubeQuotaCost``): ``Configuration/maxPollUnits`` stretches the interval so that a whole
/// wait stays within that many units.
public struct YouTubeBroadcastLifecycle: Sendable {
    /// How often to look, and how much quota the looking may cost.
    public struct Configuration: Sendable, Hashable {
        /// Shortest wait between two polls of the stream or broadcast.
        public var pollInterval: Duration
        /// Most units one wait may spend on polls: a longer deadline polls less often.
        public var maxPollUnits: Int
        /// Most times one transition is sent when YouTube answers a server error (5xx) or the
        /// connection fails and the broadcast, read back, has not moved; each costs the
        /// transition's quota. The waits between them double from ``pollInterval`` (at most 30
        /// seconds) and end at the deadline.
        public var transitionAttempts: Int

        /// - Parameters:
        ///   - pollInterval: Shortest wait between polls (default 5 seconds).
        ///   - maxPollUnits: Most units one wait spends polling (default 250).
        ///   - transitionAttempts: Most sends of one transition that YouTube failed to take
        ///     (default 3; 1 sends once).
        public init(pollInterval: Duration = .seconds(5), maxPollUnits: Int = 250, transitionAttempts: Int = 3) {
            self.pollInterval = pollInterval
            self.maxPollUnits = maxPollUnits
            self.transitionAttempts = transitionAttempts
        }
    }

    public let youtube: YouTube
    public var configuration: Configuration

    /// - Parameters:
    ///   - youtube: The service, signed in as the broadcast's channel.
    ///   - configuration: Poll pacing.
    public init(youtube: YouTube, configuration: Configuration = .init()) {
        self.youtube = youtube
        self.configuration = configuration
    }

    // MARK: - Going live

    /// Takes a bound broadcast live; returns it once its `lifeCycleStatus` is `live`.
    /// - Parameters:
    ///   - id: The broadcast (its ID is also its video's ID).
    ///   - deadline: How long to wait in total, for the encoder and for YouTube's intermediate states.
    ///   - onStep: Told each step as it happens.
    /// - Throws: ``YouTubeLifecycleError``, `CancellationError`, or the API's errors.
    @discardableResult
    public func goLive(
        broadcast id: String, deadline: Duration = .seconds(300), onStep: @escaping @Sendable (YouTubeLifecycleStep) -> Void = { _ in }
    ) async throws -> YouTube.LiveBroadcast {
        var run = Run(
            lifecycle: self, id: id, deadline: ContinuousClock.now + deadline, wait: deadline, onStep: reporting(onStep, broadcast: id))
        return try await run.goLive()
    }

    /// ``goLive(broadcast:deadline:onStep:)`` as a sequence of its steps: it ends after
    /// `.reached(lifeCycleStatus: "live")` or throws what `goLive` throws. Ending the iteration
    /// early cancels the work.
    public func goLiveSteps(broadcast id: String, deadline: Duration = .seconds(300)) -> AsyncThrowingStream<
        YouTubeLifecycleStep, any Error
    > {
        steps { onStep in try await goLive(broadcast: id, deadline: deadline, onStep: onStep) }
    }

    // MARK: - Ending

    /// Completes a broadcast that is `testing` or `live` (`complete` already is success).
    /// - Parameters:
    ///   - id: The broadcast.
    ///   - onStep: Told each step as it happens.
    /// - Throws: ``YouTubeLifecycleError`` (`invalidTransition` for a broadcast that never went
    ///   on air: delete it instead), or the API's errors.
    @discardableResult
    public func end(
        broadcast id: String, onStep: @escaping @Sendable (YouTubeLifecycleStep) -> Void = { _ in }
    ) async throws -> YouTube.LiveBroadcast {
        var run = Run(
            lifecycle: self, id: id, deadline: ContinuousClock.now + .seconds(60), wait: .seconds(60),
            onStep: reporting(onStep, broadcast: id))
        return try await run.end()
    }

    // MARK: - One transition

    /// Sends one `liveBroadcasts.transition` the way ``goLive(broadcast:deadline:onStep:)`` does:
    /// `redundantTransition` is success, and a server error or lost connection is decided by
    /// reading the broadcast back (on its way to `target`: success; still where it was: sent again,
    /// see ``Configuration/transitionAttempts``). It does not wait for the stream or for
    /// `testStarting`/`liveStarting` to end: the broadcast comes back as YouTube has it.
    /// - Parameters:
    ///   - id: The broadcast.
    ///   - target: `testing`, `live` or `complete`.
    ///   - onStep: Told each step as it happens.
    /// - Throws: ``YouTubeLifecycleError`` (`transitionFailed` naming the state read back,
    ///   `invalidTransition`, `streamInactive`), or the API's errors.
    @discardableResult
    public func transition(
        broadcast id: String, to target: YouTube.LiveBroadcastsResource.TransitionBroadcastStatus,
        onStep: @escaping @Sendable (YouTubeLifecycleStep) -> Void = { _ in }
    ) async throws -> YouTube.LiveBroadcast {
        var run = Run(
            lifecycle: self, id: id, deadline: ContinuousClock.now + .seconds(60), wait: .seconds(60),
            onStep: reporting(onStep, broadcast: id))
        return try await run.transition(to: target)
    }

    // MARK: - Stream health

    /// The bound stream's health as it changes: the first reading, then each reading that
    /// differs from the one before (stream status, health, configuration issues), polled every
    /// `interval`. Ends (throwing) when the stream cannot be read; runs until the iteration stops.
    /// - Parameters:
    ///   - streamID: The live stream.
    ///   - interval: Time between polls (each a `liveStreams.list` call).
    public func healthUpdates(stream streamID: String, interval: Duration = .seconds(10)) -> AsyncThrowingStream<
        YouTubeStreamHealth, any Error
    > {
        let youtube = youtube
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var last: YouTubeStreamHealth?
                    while true {
                        let health = try await Self.readHealth(youtube, streamID: streamID)
                        if health != last { continuation.yield(health) }
                        last = health
                        try await Task.sleep(for: interval)
                    }
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// One reading of a stream's health.
    /// - Throws: ``YouTubeLifecycleError`` (`streamNotFound`) or the API's errors.
    public func health(stream streamID: String) async throws -> YouTubeStreamHealth {
        try await Self.readHealth(youtube, streamID: streamID)
    }

    static func readHealth(_ youtube: YouTube, streamID: String) async throws -> YouTubeStreamHealth {
        let found = try await youtube.liveStreams.list(part: [.id, .status], id: [streamID])
        guard let stream = found.items?.first else {
            throw YouTubeLifecycleError(
                code: .streamNotFound, lifeCycleStatus: nil, message: "Stream \(streamID) was not found",
                remedy: "List the channel's streams (liveStreams.list with mine=true) and use one of their IDs.")
        }
        return YouTubeStreamHealth(stream)
    }

    // MARK: - Helpers

    /// A step sequence driven by `work`, which reports through the callback it is given.
    private func steps(
        _ work: @escaping @Sendable (@escaping @Sendable (YouTubeLifecycleStep) -> Void) async throws -> YouTube.LiveBroadcast
    ) -> AsyncThrowingStream<YouTubeLifecycleStep, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await work { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The wait before sending a transition again after attempt `attempt` (from 1): the poll
    /// interval, doubling, at most 30 seconds.
    func transitionRetryDelay(afterAttempt attempt: Int) -> Duration {
        let cap = Duration.seconds(30)
        let base = min(max(configuration.pollInterval, .milliseconds(10)), cap)
        return min(base * (1 << min(max(attempt - 1, 0), 12)), cap)
    }

    /// The wait between polls: at least ``Configuration/pollInterval``, and long enough that
    /// polling for all of `wait` costs no more than ``Configuration/maxPollUnits``.
    func pollInterval(for wait: Duration, unitsPerPoll: Int) -> Duration {
        let polls = max(configuration.maxPollUnits / max(unitsPerPoll, 1), 1)
        return max(configuration.pollInterval, wait / polls)
    }
}

extension YouTubeBroadcastLifecycle {
    /// `onStep`, and each step also as a ``GoogleSessionEvent/Kind/broadcastLifecycleStep`` event
    /// to the session's observers (attributes `broadcast.id`, `step`), on the calling task.
    func reporting(
        _ onStep: @escaping @Sendable (YouTubeLifecycleStep) -> Void, broadcast id: String
    ) -> @Sendable (YouTubeLifecycleStep) -> Void {
        let session = youtube.client.session
        guard session.hasObservers else { return onStep }
        return { step in
            session.emit(GoogleSessionEvent(.broadcastLifecycleStep, attributes: [("broadcast.id", id), ("step", step.description)]))
            onStep(step)
        }
    }
}
