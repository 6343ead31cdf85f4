import Foundation
import Synchronization

// MARK: - BlockingBridge

/// Runs async work from the server's own threads, on those threads.
///
/// Only ever called on threads the server created (never on the cooperative pool). The work does
/// not go through the global cooperative pool either: it runs with a ``CallerThreadExecutor``
/// preference that the calling thread drives until the work is done, so the server keeps
/// answering however busy the process's cooperative threads are.
enum BlockingBridge {
    /// Runs `operation` in a task whose jobs execute on this (dedicated) thread, and returns its
    /// result.
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let executor = CallerThreadExecutor()
        defer { executor.close() }
        let box = ResultBox<T>()
        Task(executorPreference: executor) {
            box.set(await operation())
            executor.wake()
        }
        while !box.isSet {
            executor.runJobsUntilWoken()
        }
        // `isSet` was true, so the value is present.
        return box.take()!
    }
}
