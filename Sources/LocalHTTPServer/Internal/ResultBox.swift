import Synchronization

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
