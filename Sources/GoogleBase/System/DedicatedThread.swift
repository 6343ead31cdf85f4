import Foundation

// MARK: - DedicatedThread

/// Runs blocking work (`flock`, `fsync`, file reads) on a thread of its own, so an `async` caller
/// never blocks a cooperative thread with it.
package enum DedicatedThread {
    /// Starts a thread for `work` and suspends until it returns or throws.
    package static func run<T: Sendable>(_ name: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let thread = Thread {
                continuation.resume(with: Result { try work() })
            }
            thread.name = name
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }
}
