import Synchronization

// MARK: - ByteCounter

/// A byte count a progress callback (any thread) updates and the command reads at the end.
final class ByteCounter: Sendable {
    private let storage = Atomic<Int64>(0)

    func set(_ value: Int64) { storage.store(value, ordering: .relaxed) }

    var value: Int64 { storage.load(ordering: .relaxed) }
}
