import Foundation
import Synchronization

// MARK: - OffPoolTimer

/// Timers that fire on a private dispatch queue rather than through the cooperative pool.
///
/// On Linux, a sleeping task (`Task.sleep`) is woken, and a cancelled sleep is unwound, by a job
/// on the global cooperative pool, even when the task prefers another executor. The loopback flow
/// uses these timers instead, so it finishes however busy that pool is: the continuation they
/// resume goes straight to the waiting task's own executor. Package access: the emulator paces its
/// scripted slow responses with them for the same reason (LocalHTTPServer handlers and response
/// streams run on the connection's thread, which these wake directly).
package enum OffPoolTimer {
    private static let queue = DispatchQueue(label: "GoogleAuth.OffPoolTimer")

    /// Calls `action` on the timer queue after `delay`.
    package static func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + dispatchInterval(delay), execute: action)
    }

    /// Suspends for `delay`; not cancellable (keep the delays short).
    package static func sleep(for delay: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            schedule(after: delay) { continuation.resume() }
        }
    }

    /// Suspends for `delay`, or until the task is cancelled, whichever comes first; the wake-up
    /// comes from the timer queue or the cancelling thread, never through the cooperative pool.
    package static func sleepUnlessCancelled(for delay: Duration) async {
        let waiter = Waiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                waiter.set(continuation)
                if Task.isCancelled { waiter.resume() }
                schedule(after: delay) { waiter.resume() }
            }
        } onCancel: {
            waiter.resume()
        }
    }

    /// Resumes its continuation once, whoever comes first.
    private final class Waiter: Sendable {
        private let continuation = Mutex<CheckedContinuation<Void, Never>?>(nil)
        func set(_ value: CheckedContinuation<Void, Never>) { continuation.withLock { $0 = value } }
        func resume() { continuation.withLock { $0.take() }?.resume() }
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return .nanoseconds(0) }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !overflow, !overflowAgain else { return .never }
        return .nanoseconds(Int(clamping: total))
    }
}
