import Synchronization

// MARK: - Gate

/// Holds tasks until the test opens it, then lets every one through, now and later.
///
/// For a server handler that must stay "still running" while a test acts on it: a fixed delay is
/// a guess at how soon the test's task gets a thread again, and on a loaded machine the delay can
/// end first. Waiting suspends; it never blocks a thread.
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var entered = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// How many callers have reached ``wait()`` so far (including those let through).
    public var entered: Int { state.withLock { $0.entered } }

    /// Suspends until ``open()`` has been called.
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let proceed = state.withLock { state -> Bool in
                state.entered += 1
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if proceed { continuation.resume() }
        }
    }

    /// Lets every waiting and future caller through.
    public func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
