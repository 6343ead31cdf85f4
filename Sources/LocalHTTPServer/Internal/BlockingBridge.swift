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

// MARK: - ResultBox

/// A one-shot, lock-protected slot for passing a value between a task and a thread.
final class ResultBox<T: Sendable>: Sendable {
    private let slot = Mutex<T?>(nil)

    func set(_ value: T) {
        slot.withLock { $0 = value }
    }

    func take() -> T? {
        slot.withLock { value in
            let taken = value
            value = nil
            return taken
        }
    }

    var isSet: Bool {
        slot.withLock { $0 != nil }
    }
}

// MARK: - StreamPuller

/// Pulls chunks of an async sequence one at a time from a dedicated thread.
final class StreamPuller<Base: AsyncSequence & Sendable>: @unchecked Sendable where Base.Element == Data {
    // Only touched by one pull at a time: `pull` blocks until the task that uses it has finished.
    private var iterator: Base.AsyncIterator

    init(_ base: Base) {
        self.iterator = base.makeAsyncIterator()
    }

    /// The next chunk, `nil` at the end, or the sequence's error.
    func pull() -> Result<Data?, any Error> {
        BlockingBridge.run { [self] in
            do {
                return .success(try await self.iterator.next())
            } catch {
                return .failure(error)
            }
        }
    }
}
