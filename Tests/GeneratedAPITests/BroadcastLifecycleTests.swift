import Foundation
import GoogleEmulator
import GoogleYouTube
import Synchronization
import Testing

// MARK: - Broadcast lifecycle end to end

/// `YouTubeBroadcastLifecycle` against the emulator's YouTube state machine, through the real transport.
@Suite struct BroadcastLifecycleTests {
    /// An emulator whose intermediate states last a moment, a broadcast bound to a fresh stream.
    struct Fixture {
        let backend: EmulatorBackend
        let youtube: YouTube
        let broadcastID: String
        let streamKey: String

        init(
            monitorStream: Bool, transitionDuration: Duration = .milliseconds(200),
            sessionConfiguration: AuthorizedSession.Configuration = .init()
        ) async throws {
            var configuration = GoogleEmulator.Configuration()
            configuration.youTubeTransitionDuration = transitionDuration
            backend = try EmulatorBackend(
                scopes: [YouTube.Scope.youtube], configuration: configuration, sessionConfiguration: sessionConfiguration)
            youtube = YouTube(session: backend.session, rootURL: backend.rootURL)
            let broadcast = try await youtube.liveBroadcasts.insert(
                part: ["id", "contentDetails"],
                body: YouTube.LiveBroadcast(
                    contentDetails: YouTube.LiveBroadcastContentDetails(
                        monitorStream: YouTube.MonitorStreamInfo(enableMonitorStream: monitorStream)),
                    snippet: YouTube.LiveBroadcastSnippet(scheduledStartTime: Date().addingTimeInterval(600), title: "Lifecycle"),
                    status: YouTube.LiveBroadcastStatus(privacyStatus: .private)))
            broadcastID = try #require(broadcast.id)
            let stream = try await youtube.liveStreams.insert(
                part: ["id", "cdn"],
                body: YouTube.LiveStream(
                    cdn: YouTube.CdnSettings(frameRate: ._30fps, ingestionType: .rtmp, resolution: ._720p),
                    snippet: YouTube.LiveStreamSnippet(title: "Camera")))
            streamKey = try #require(stream.cdn?.ingestionInfo?.streamName)
            _ = try await youtube.liveBroadcasts.bind(id: broadcastID, part: ["id"], streamId: stream.id)
        }

        /// Polls quickly: tests wait for the emulator, not for YouTube's pace.
        var lifecycle: YouTubeBroadcastLifecycle {
            YouTubeBroadcastLifecycle(youtube: youtube, configuration: .init(pollInterval: .milliseconds(50), maxPollUnits: 1_000_000))
        }

        /// Transition requests the emulator answered, as `broadcastStatus` values with their statuses.
        var transitions: [(target: String, status: Int)] {
            backend.emulator.recordedRequests.filter { $0.path == "/youtube/v3/liveBroadcasts/transition" }.map { record in
                let target = record.query?.split(separator: "&").first { $0.hasPrefix("broadcastStatus=") }?.dropFirst(16)
                return (String(target ?? ""), record.status)
            }
        }
    }

    @Test func waitsForTheEncoderThenGoesLiveThroughTesting() async throws {
        let fixture = try await Fixture(monitorStream: true)
        var steps: [YouTubeLifecycleStep] = []
        for try await step in fixture.lifecycle.goLiveSteps(broadcast: fixture.broadcastID, deadline: .seconds(120)) {
            steps.append(step)
            // The encoder starts only once the controller is seen waiting for it.
            if case .waitingForStream = step { #expect(fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)) }
        }
        guard case .checked(let status, let monitor, let stream)? = steps.first else {
            Issue.record("the first step is not the check: \(steps)")
            return
        }
        #expect(status == "ready" && monitor && stream != nil)
        #expect(steps.contains(.waitingForStream(streamStatus: "ready")))
        let order = steps.filter {
            switch $0 {
            case .transitioning, .reached: true
            default: false
            }
        }
        #expect(
            order == [
                .transitioning(to: "testing"), .reached(lifeCycleStatus: "testing"), .transitioning(to: "live"),
                .reached(lifeCycleStatus: "live"),
            ])
        #expect(fixture.backend.emulator.broadcastLifeCycleStatus(fixture.broadcastID) == "live")
        #expect(fixture.transitions.map(\.target) == ["testing", "live"])
        #expect(fixture.transitions.allSatisfy { $0.status == 200 })
    }

    @Test func monitorStreamOffGoesStraightToLive() async throws {
        let fixture = try await Fixture(monitorStream: false)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        let live = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        #expect(live.status?.lifeCycleStatus == .live)
        #expect(fixture.transitions.map(\.target) == ["live"])
    }

    @Test func eachStepReachesTheSessionsObserversAsAnEvent() async throws {
        let events = Mutex<[GoogleSessionEvent]>([])
        var configuration = AuthorizedSession.Configuration()
        configuration.observers = [GoogleEventHandler { event in events.withLock { $0.append(event) } }]
        let fixture = try await Fixture(monitorStream: false, sessionConfiguration: configuration)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        let steps = Mutex<[YouTubeLifecycleStep]>([])
        _ = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120)) { step in
            steps.withLock { $0.append(step) }
        }
        let stepEvents = events.withLock { $0.filter { $0.kind == .broadcastLifecycleStep } }
        #expect(stepEvents.map { $0.attribute("step") } == steps.withLock { $0.map(\.description) })
        #expect(stepEvents.allSatisfy { $0.attribute("broadcast.id") == fixture.broadcastID })
        #expect(stepEvents.contains { $0.attribute("step") == YouTubeLifecycleStep.reached(lifeCycleStatus: "live").description })
    }

    @Test func anEncoderThatNeverStartsEndsInATypedTimeoutWithNothingTransitioned() async throws {
        let fixture = try await Fixture(monitorStream: true)
        let error = await #expect(throws: YouTubeLifecycleError.self) {
            try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .milliseconds(500))
        }
        #expect(error?.code == .streamInactive)
        #expect(error?.lifeCycleStatus == "ready")
        #expect(error?.remedy.contains("encoder") == true)
        #expect(fixture.transitions.isEmpty)
        #expect(fixture.backend.emulator.broadcastLifeCycleStatus(fixture.broadcastID) == "ready")
    }

    @Test func aBroadcastAlreadyLiveOrOnItsWayIsSuccess() async throws {
        let fixture = try await Fixture(monitorStream: true)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        // Someone else started it: the broadcast is testStarting when goLive looks.
        _ = try await fixture.youtube.liveBroadcasts.transition(broadcastStatus: .testing, id: fixture.broadcastID, part: ["id"])
        // Two controllers at once: whichever transition comes second is redundant, and both succeed.
        async let first = fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        async let second = fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.status?.lifeCycleStatus == .live })
        // Any refused transition was YouTube's redundantTransition, which goLive took as success.
        let refused = fixture.transitions.filter { $0.status != 200 }
        #expect(refused.allSatisfy { $0.status == 403 && $0.target == "live" })
        let again = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(5))
        #expect(again.status?.lifeCycleStatus == .live)
        // The manual one, the first controller's, and the second's if it came before the end.
        #expect((2...3).contains(fixture.transitions.count), "\(fixture.transitions)")

        let ended = try await fixture.lifecycle.end(broadcast: fixture.broadcastID)
        #expect(ended.status?.lifeCycleStatus == .complete)
        let endedAgain = try await fixture.lifecycle.end(broadcast: fixture.broadcastID)
        #expect(endedAgain.status?.lifeCycleStatus == .complete)
    }

    @Test func cancellationStopsTheWaitWithNothingTransitioned() async throws {
        let fixture = try await Fixture(monitorStream: true)
        let waiting = Mutex(false)
        let task = Task {
            try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(600)) { step in
                if case .waitingForStream = step { waiting.withLock { $0 = true } }
            }
        }
        while !waiting.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(fixture.transitions.isEmpty)
        #expect(fixture.backend.emulator.broadcastLifeCycleStatus(fixture.broadcastID) == "ready")
    }

    // MARK: - A transition answered 500

    static let transitionPath = "/youtube/v3/liveBroadcasts/transition"

    @Test func aTransitionYouTubeMadeButAnswered500IsSuccessWithoutSendingItAgain() async throws {
        let fixture = try await Fixture(monitorStream: false)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        fixture.backend.emulator.faults.enqueue(.statusAfterHandling(500), matching: Self.transitionPath, method: .post)
        let live = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        #expect(live.status?.lifeCycleStatus == .live)
        // Read back as liveStarting: sending it again would only have been redundant.
        #expect(fixture.transitions.map(\.target) == ["live"])
        #expect(fixture.transitions.map(\.status) == [500])
    }

    @Test func aTransitionYouTubeDidNotMakeIsSentAgain() async throws {
        let fixture = try await Fixture(monitorStream: true)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        fixture.backend.emulator.faults.enqueue(.status(500), matching: Self.transitionPath, method: .post)
        fixture.backend.emulator.faults.enqueue(.status(503), matching: Self.transitionPath + "?broadcastStatus=live", method: .post)
        let steps = Mutex<[YouTubeLifecycleStep]>([])
        let live = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120)) { step in
            steps.withLock { $0.append(step) }
        }
        #expect(live.status?.lifeCycleStatus == .live)
        #expect(fixture.transitions.map(\.target) == ["testing", "testing", "live", "live"])
        #expect(fixture.transitions.map(\.status) == [500, 200, 503, 200])
        // Each send is told.
        #expect(steps.withLock { $0 }.filter { $0 == .transitioning(to: "testing") }.count == 2)
    }

    @Test func aTransitionWhoseAnswerIsCutIsReadBackNotSentAgain() async throws {
        let fixture = try await Fixture(monitorStream: false)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        // Made, then the connection closes 10 bytes into the answer: a transport error.
        fixture.backend.emulator.faults.enqueue(.dropConnection(afterBytes: 10), matching: Self.transitionPath, method: .post)
        let live = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        #expect(live.status?.lifeCycleStatus == .live)
        #expect(fixture.transitions.map(\.target) == ["live"])
    }

    @Test func aTransitionThatKeepsFailingEndsNamingTheStateReadBack() async throws {
        let fixture = try await Fixture(monitorStream: false)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        fixture.backend.emulator.faults.enqueue(.status(500), matching: Self.transitionPath, method: .post, count: 100)
        let error = await #expect(throws: YouTubeLifecycleError.self) {
            try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        }
        #expect(error?.code == .transitionFailed)
        #expect(error?.lifeCycleStatus == "ready")
        #expect(error?.message.contains("HTTP 500 backendError") == true, "\(String(describing: error))")
        #expect(error?.remedy.contains("go-live \(fixture.broadcastID)") == true)
        #expect(error?.description.contains("broadcast left ready") == true)
        // Bounded: the configured attempts (3), then the error.
        #expect(fixture.transitions.count == 3)
        #expect(fixture.backend.emulator.broadcastLifeCycleStatus(fixture.broadcastID) == "ready")
    }

    @Test func aFailedTransitionReadBackSomewhereElseIsNotSentAgain() async throws {
        let fixture = try await Fixture(monitorStream: true)
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        _ = try await fixture.lifecycle.goLive(broadcast: fixture.broadcastID, deadline: .seconds(120))
        // Completed elsewhere while YouTube failed our own `complete`... then the 500 for a
        // `live` that can never start from `complete`.
        _ = try await fixture.lifecycle.end(broadcast: fixture.broadcastID)
        fixture.backend.emulator.clearRecordedRequests()
        fixture.backend.emulator.faults.enqueue(.status(500), matching: Self.transitionPath, method: .post, count: 100)
        let error = await #expect(throws: YouTubeLifecycleError.self) {
            try await fixture.lifecycle.transition(broadcast: fixture.broadcastID, to: .live)
        }
        #expect(error?.code == .transitionFailed)
        #expect(error?.lifeCycleStatus == "complete")
        #expect(error?.remedy.contains("schedule a new broadcast") == true)
        #expect(fixture.transitions.count == 1)
    }

    @Test func oneTransitionAnswered500AfterTakingEffectReturnsTheBroadcastOnItsWay() async throws {
        let fixture = try await Fixture(monitorStream: true, transitionDuration: .seconds(60))
        fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
        fixture.backend.emulator.faults.enqueue(.statusAfterHandling(500), matching: Self.transitionPath, method: .post)
        let broadcast = try await fixture.lifecycle.transition(broadcast: fixture.broadcastID, to: .testing)
        #expect(broadcast.status?.lifeCycleStatus == .testStarting)
        #expect(fixture.transitions.map(\.status) == [500])
    }

    @Test func healthUpdatesFollowTheEncoder() async throws {
        let fixture = try await Fixture(monitorStream: true)
        let streamID = try #require(
            try await fixture.youtube.liveBroadcasts.list(part: ["contentDetails"], id: [fixture.broadcastID])
                .items?.first?.contentDetails?.boundStreamId)
        var seen: [YouTubeStreamHealth] = []
        for try await health in fixture.lifecycle.healthUpdates(stream: streamID, interval: .milliseconds(50)) {
            seen.append(health)
            switch seen.count {
            case 1: fixture.backend.emulator.startEncoder(streamKey: fixture.streamKey)
            case 2: fixture.backend.emulator.setEncoderHealth(.bad, streamKey: fixture.streamKey)
            default: break
            }
            if seen.count == 3 { break }
        }
        #expect(seen.map(\.streamStatus) == ["ready", "active", "active"])
        #expect(seen.map(\.health) == ["noData", "good", "bad"])
        #expect(seen.last?.issues.first?.severity == "error")
    }
}
