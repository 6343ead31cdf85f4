import Synchronization

// MARK: - DriveChangeWakeup

/// Wakes a caught-up ``DriveChangeFeed`` before its poll interval is over: a notification
/// receiver calls ``notify()`` and the feed asks for changes at once. Wake-ups do not queue up:
/// any number of notifications before the feed waits again give one early look, so duplicated
/// or out-of-order notifications cost at most one request.
public final class DriveChangeWakeup: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
        var generation = 0
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the waiting feed, or the next one to wait.
    public func notify() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns after `interval`, at a ``notify()``, or when the task is cancelled, whichever
    /// comes first. One waiter at a time.
    /// - Returns: Whether a notification ended the wait.
    @discardableResult
    func wait(upTo interval: Duration) async -> Bool {
        if state.withLock({ state in
            defer { state.pending = false }
            return state.pending
        }) { return true }
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let woken = Mutex(true)
        let timer = Task {
            try? await Task.sleep(for: interval)
            woken.withLock { $0 = false }
            self.resume(generation)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow: Bool = state.withLock { state in
                    // A notify, timeout or cancellation that came first leaves nothing to wait for.
                    if state.pending || state.generation != generation || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            woken.withLock { $0 = false }
            self.resume(generation)
        }
        timer.cancel()
        return woken.withLock { $0 }
    }

    /// Ends wait number `generation`, if it is still the one waiting.
    private func resume(_ generation: Int) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.generation == generation else { return nil }
            // Later waits do not match this generation.
            state.generation += 1
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
