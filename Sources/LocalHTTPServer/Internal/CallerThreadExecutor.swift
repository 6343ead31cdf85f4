import Foundation

// MARK: - CallerThreadExecutor

/// A task executor whose jobs run on the server thread that drives it.
///
/// A connection thread starts a handler with this executor as its preference and then calls
/// ``runJobsUntilWoken()`` until the handler is done. Every job of the handler — its first one,
/// resumptions after `await`, structured child tasks, and default-actor code it enters — runs on
/// that thread, so a request is answered even when every cooperative thread of the process is
/// busy. A handler that hops to a global actor or a custom executor still needs that executor.
///
/// Once the driving thread is finished it calls ``close()``; stray jobs that arrive later (a
/// continuation resumed after the handler returned) go to the global executor instead of being
/// lost.
final class CallerThreadExecutor: TaskExecutor, @unchecked Sendable {
    // `condition` guards every stored var below.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var woken = false
    private var closed = false

    init() {}

    // MARK: - Any thread

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        guard !closed else {
            condition.unlock()
            Self.runElsewhere(job)
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Makes the current or next ``runJobsUntilWoken()`` return once the queued jobs have run.
    func wake() {
        condition.lock()
        woken = true
        condition.signal()
        condition.unlock()
    }

    // MARK: - Driving thread

    /// Runs queued jobs on the calling thread, sleeping while there are none, until ``wake()``
    /// is called. Jobs queued before the wake-up run first.
    func runJobsUntilWoken() {
        let unowned = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while jobs.isEmpty && !woken {
                condition.wait()
            }
            if jobs.isEmpty {
                woken = false
                condition.unlock()
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch {
                job.runSynchronously(on: unowned)
            }
        }
    }

    /// Hands queued and future jobs to the global executor; the driving thread is leaving.
    func close() {
        condition.lock()
        closed = true
        let leftovers = jobs
        jobs = []
        condition.unlock()
        for job in leftovers {
            Self.runElsewhere(job)
        }
    }

    private static func runElsewhere(_ job: UnownedJob) {
        globalConcurrentExecutor.enqueue(ExecutorJob(job))
    }
}
