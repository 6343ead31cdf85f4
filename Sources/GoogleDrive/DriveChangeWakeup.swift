import Synchronization

// MARK: - DriveChangeWakeup

/// Wakes caught-up ``DriveChangeFeed``s before their poll interval is over: a notification
/// receiver calls ``notify()`` and every feed waiting on this wakeup asks for changes at once. A
/// notification that comes while a feed is busy (fetching, or delivering a page) makes its next
/// wait end at once, so none is lost; several before a feed waits again give one early look, so
/// duplicated or out-of-order notifications cost at most one request.
public final class DriveChangeWakeup: Sendable {
    private struct State {
        /// Notifications so far.
        var count = 0
        var nextWaitID = 0
        /// Waits in progress.
        var active: Set<Int> = []
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Active waits ended (timeout, cancellation) before their continuation was stored.
        var ended: Set<Int> = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes every waiting feed, and makes the next wait of a busy one end at once.
    public func notify() {
        let waiters = state.withLock { state in
            state.count += 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// The number of notifications so far: take it before looking for changes, and pass it to
    /// ``wait(upTo:unlessNotifiedSince:)``.
    var mark: Int {
        state.withLock { $0.count }
    }

    /// Returns after `interval`, at a notification, or when the task is cancelled, whichever
    /// comes first; at once when there was a notification since `mark`.
    /// - Returns: Whether a notification ended the wait.
    @discardableResult
    func wait(upTo interval: Duration, unlessNotifiedSince mark: Int) async -> Bool {
        let id = state.withLock { state in
            state.nextWaitID += 1
            state.active.insert(state.nextWaitID)
            return state.nextWaitID
        }
        let timer = Task {
            try? await Task.sleep(for: interval)
            self.end(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.count != mark || state.ended.contains(id) || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            end(id)
        }
        timer.cancel()
        return state.withLock { state in
            state.active.remove(id)
            state.ended.remove(id)
            state.waiters[id] = nil
            return state.count != mark
        }
    }

    /// Ends wait `id` (timeout or cancellation), if it is still in progress.
    private func end(_ id: Int) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.active.contains(id) else { return nil }
            if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
            state.ended.insert(id)
            return nil
        }
        waiter?.resume()
    }
}
