#if canImport(CCurl)
// MARK: - CurlSpinWindow

/// Decides how long the loop thread watches for the next command instead of sleeping in `poll`,
/// and learns when watching does not pay.
///
/// Going to sleep and being woken costs a thread switch (~10–20 µs on a loaded 2-core VM, a
/// third of a loopback request), so for a short while it is cheaper to look again than to sleep.
/// A window that keeps ending with nothing seen (a caller that decodes each page between
/// requests) is skipped after three misses in a row, and then only probed every 16th time, so it
/// does not burn a core the caller needs.
struct CurlSpinWindow {
    let length: Duration
    /// Windows in a row that saw nothing (at most 3), and windows skipped since.
    private var misses = 0
    private var skipped = 0

    init(length: Duration) {
        self.length = length
    }

    /// Calls `check` until it returns `true` or the window ends.
    /// - Returns: Whether `check` saw something; `false` at once for a window skipped.
    mutating func spin(checkingEvery batch: Int = 1, until check: () -> Bool) -> Bool {
        if misses >= 3 {
            skipped += 1
            guard skipped >= 16 else { return false }
            skipped = 0
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: length)
        repeat {
            for _ in 0..<batch where check() {
                misses = 0
                return true
            }
        } while clock.now < deadline
        misses = min(misses + 1, 3)
        return false
    }
}
#endif
