// MARK: - waitUntil

/// Polls `condition` until it holds or `limit` has passed, and returns whether it held.
///
/// For conditions other threads or processes make true. The condition is always checked after a
/// wait and before the limit is, so a test task that got no thread for a while judges the state
/// as it is then, not a stale "not yet". `limit` is a hang guard, not a speed requirement.
public func waitUntil(
    _ limit: Duration = .seconds(300), pollingEvery interval: Duration = .milliseconds(20),
    _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: interval)
    }
    return true
}
