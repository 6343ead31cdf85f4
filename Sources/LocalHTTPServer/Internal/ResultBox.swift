@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - ResultBox

/// A one-shot, lock-protected slot for passing a value between a task and a thread.
final class ResultBox<T: Sendable>: Sendable {
    /// A `PlainLock`: ThreadSanitizer follows it between threads, while it misses the kernel's
    /// hand-over of a contended `Mutex` (a priority-inheritance futex) and reports races that aren't.
    private let slot = PlainLock<T?>(nil)

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
