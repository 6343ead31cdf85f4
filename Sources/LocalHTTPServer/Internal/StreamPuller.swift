import Foundation

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
