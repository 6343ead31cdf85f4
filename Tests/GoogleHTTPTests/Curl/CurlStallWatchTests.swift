import Testing

@testable import GoogleHTTP

// MARK: - Stall windows below a second

@Suite("Stall detection resolution")
struct HTTPStallWatchTests {
    let start = ContinuousClock.now

    @Test("a 250 ms stall limit fires at 250 ms, not at a whole second")
    func subSecond() {
        let watch = HTTPStallWatch(period: .milliseconds(250), minimumBytesPerSecond: 1, now: start)
        #expect(watch.bytesPerWindow == 1)
        #expect(!watch.isStalled(at: start + .milliseconds(249)))
        #expect(watch.isStalled(at: start + .milliseconds(250)))
    }

    @Test("enough bytes start a new window; too few do not")
    func windows() {
        var watch = HTTPStallWatch(period: .milliseconds(500), minimumBytesPerSecond: 1000, now: start)
        #expect(watch.bytesPerWindow == 500)
        watch.record(499)
        #expect(watch.windowStart == start, "499 bytes are below 1000 B/s over 500 ms")
        watch.record(1)
        #expect(watch.windowStart > start)
        #expect(!watch.isStalled(at: start + .milliseconds(500)))
    }

    @Test("resuming from a pause starts a new window")
    func restart() {
        var watch = HTTPStallWatch(period: .milliseconds(100), minimumBytesPerSecond: 1, now: start)
        watch.restart(at: start + .seconds(5))
        #expect(!watch.isStalled(at: start + .seconds(5) + .milliseconds(99)))
        #expect(watch.isStalled(at: start + .seconds(5) + .milliseconds(100)))
    }
}
