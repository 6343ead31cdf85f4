import Foundation
import Synchronization

// MARK: - HandOffThread

/// A dedicated thread that resumes each continuation it is handed and does nothing else: the
/// floor under any transport that runs its I/O on its own thread and never blocks a cooperative
/// thread. A round trip is the task suspending, this thread noticing (it spins, so that half
/// costs a cache-line transfer, not a wake-up) and resuming it, and the cooperative pool running
/// the task again (a pool thread woken up).
///
/// With a `hold`, the thread keeps each continuation that long before resuming it, as a server
/// would take to answer: the waiting pool thread has gone idle by then, and waking it is part of
/// the round trip (the hold itself is subtracted by the caller).
///
/// The thread spins for as long as it lives, so it is made for one measurement and stopped.
final class HandOffThread: @unchecked Sendable {
    private let hold: Duration
    private let slot = Mutex<UnsafeContinuation<Void, Never>?>(nil)
    private let hasWork = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)

    init(hold: Duration = .zero) {
        self.hold = hold
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// One round trip through the thread.
    func roundTrip() async {
        await withUnsafeContinuation { continuation in
            slot.withLock { $0 = continuation }
            hasWork.store(true, ordering: .releasing)
        }
    }

    /// Ends the thread's spinning.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
    }

    private func run() {
        while !stopRequested.load(ordering: .acquiring) {
            guard hasWork.load(ordering: .acquiring) else { continue }
            hasWork.store(false, ordering: .relaxed)
            let continuation = slot.withLock { slot in
                defer { slot = nil }
                return slot
            }
            if hold > .zero {
                let clock = ContinuousClock()
                let until = clock.now.advanced(by: hold)
                while clock.now < until {}
            }
            continuation?.resume()
        }
    }
}
