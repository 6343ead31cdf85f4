import Foundation
import GoogleBase
import Testing

// MARK: - OffPoolTimerTests

/// GoogleBase's off-pool timers with delays at the edge of what a dispatch interval holds.
@Suite struct OffPoolTimerTests {
    @Test func aDelayJustPastInt64NanosecondsWaitsForeverInsteadOfTrapping() async {
        // 9,223,372,036 s is just under Int64.max nanoseconds; its fraction of a second pushed the
        // sum past it, and the addition trapped before the result was clamped.
        let delay = Duration.seconds(9_223_372_036) + .nanoseconds(999_999_999)
        let task = Task { await OffPoolTimer.sleepUnlessCancelled(for: delay) }
        task.cancel()
        await task.value
        await OffPoolTimer.sleepUnlessCancelled(for: .milliseconds(1))
    }
}
