// MARK: - HTTPStallWatch

/// Tells when a transfer has moved fewer than a minimum number of bytes per second for a whole
/// stall period. Checked by the transport (libcurl's loop thread, URLSession's watchdog) with its
/// clock's resolution, instead of libcurl's `CURLOPT_LOW_SPEED_TIME`, which counts whole seconds.
///
/// The watch measures windows: one starts when the transfer starts (or resumes from a pause);
/// once it has seen `minimum × period` bytes a new window starts. A window that reaches the
/// period's length without enough bytes means the transfer stalled.
struct HTTPStallWatch {
    let period: Duration
    /// Bytes one window needs: the minimum rate over the period, at least one.
    let bytesPerWindow: Int64
    private(set) var windowStart: ContinuousClock.Instant
    private var windowBytes: Int64 = 0

    init(period: Duration, minimumBytesPerSecond: Int, now: ContinuousClock.Instant) {
        self.period = period
        let perWindow = Double(max(1, minimumBytesPerSecond)) * Self.seconds(period)
        self.bytesPerWindow = max(1, Int64(min(perWindow.rounded(.up), Double(Int64.max / 2))))
        self.windowStart = now
    }

    /// When the current window runs out.
    var deadline: ContinuousClock.Instant { windowStart + period }

    /// Counts bytes moved in either direction (headers included). `now` is asked only when a
    /// window fills; the loop passes the time its round started, read once per round rather
    /// than once per header line and body chunk.
    mutating func record(_ count: Int, now: () -> ContinuousClock.Instant = { .now }) {
        windowBytes += Int64(count)
        if windowBytes >= bytesPerWindow {
            restart(at: now())
        }
    }

    /// Starts a fresh window, e.g. when a paused transfer resumes.
    mutating func restart(at now: ContinuousClock.Instant) {
        windowStart = now
        windowBytes = 0
    }

    func isStalled(at now: ContinuousClock.Instant) -> Bool {
        now >= deadline
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
