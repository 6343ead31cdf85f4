import Foundation
import Synchronization

// MARK: - BlockingBridge

/// Runs async work from the server's own threads.
///
/// Only ever called on threads the server created (never on the cooperative pool), so waiting on a
/// semaphore here cannot starve Swift concurrency.
enum BlockingBridge {
    /// Starts `operation` in a task and blocks this (dedicated) thread until it returns.
    static func run<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.set(await operation())
            done.signal()
        }
        done.wait()
        // `set` happened-before `signal`, so the value is present.
        return box.take()!
    }
}
