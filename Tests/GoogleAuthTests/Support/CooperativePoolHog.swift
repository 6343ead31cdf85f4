import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - CooperativePoolHog

/// Keeps every thread of the global cooperative pool busy with CPU-bound work that never
/// suspends, until a deadline: the situation of an app doing heavy work in tasks.
///
/// Starts twice as many spinning tasks as the pool has threads; the extra ones queue up and take
/// over any thread that frees up, so no other global-pool job runs before the deadline.
final class CooperativePoolHog: Sendable {
    let deadline: ContinuousClock.Instant
    /// The pool's width: one thread per active processor.
    let width = ProcessInfo.processInfo.activeProcessorCount
    private let started: Counter
    private let tasks: [Task<Void, Never>]

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    init(duration: Duration) {
        let deadline = ContinuousClock.now + duration
        let started = Counter()
        self.deadline = deadline
        self.started = started
        self.tasks = (0..<(2 * width)).map { _ in
            Task.detached {
                started.value.add(1, ordering: .relaxed)
                var spins = 0
                while ContinuousClock.now < deadline { spins &+= 1 }
                _ = spins
            }
        }
    }

    /// Whether every pool thread is spinning right now.
    var isSaturated: Bool {
        started.value.load(ordering: .relaxed) >= width && ContinuousClock.now < deadline
    }

    /// Blocks the calling thread (which must not be a pool thread) until every pool thread spins.
    func waitUntilSaturated() {
        while started.value.load(ordering: .relaxed) < width {
            usleep(1_000)
        }
    }

    /// Waits for the spinning tasks to end (at the deadline).
    func finish() async {
        for task in tasks { await task.value }
    }
}
