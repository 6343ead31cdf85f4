import Foundation
import GoogleBase
import Synchronization

// MARK: - ChatUpdates

/// Wakes the open chat streams when any chat changes (a message posted or deleted, a chat ended,
/// a scripted drop), so a stream writes a message the moment it is posted instead of polling.
///
/// One counter for all chats: a woken stream looks at its own chat and goes back to waiting when
/// nothing there changed. Waits have a timeout (the stream's keep-alive) and never block a
/// thread: the stream's task suspends and a dispatch timer or ``notify()`` resumes it.
final class ChatUpdates: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var stopped = false
        /// Incremented by ``dropStreams()``: streams opened before the increment cut themselves.
        var dropEpoch = 0
    }

    private let state = Mutex(State())

    /// Changes so far; a stream reads it before looking at its chat, then waits for a later one.
    var generation: UInt64 { state.withLock { $0.generation } }
    var isStopped: Bool { state.withLock { $0.stopped } }
    var dropEpoch: Int { state.withLock { $0.dropEpoch } }

    /// Something changed: wakes every waiting stream.
    func notify() {
        let woken = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Makes every open stream close its connection mid-element (a scripted network fault).
    func dropStreams() {
        state.withLock { $0.dropEpoch += 1 }
        notify()
    }

    /// The emulator is stopping: wakes every stream now and later ones at once.
    func stop() {
        state.withLock { $0.stopped = true }
        notify()
    }

    /// Returns once the generation passes `generation`, after `timeout`, or when stopped.
    func wait(after generation: UInt64, timeout: Duration) async {
        let id = state.withLock { state -> Int? in
            guard state.generation == generation, !state.stopped else { return nil }
            state.nextWaiter += 1
            return state.nextWaiter
        }
        guard let id else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let parked = state.withLock { state -> Bool in
                guard state.generation == generation, !state.stopped else { return false }
                state.waiters[id] = continuation
                return true
            }
            guard parked else {
                continuation.resume()
                return
            }
            OffPoolTimer.schedule(after: timeout) { [self] in
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.resume()
            }
        }
    }
}
