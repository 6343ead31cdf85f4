import Foundation
public import GoogleHTTPTypes
import Synchronization

// MARK: - RecordedRequest

/// One request the emulator answered, for tests that count retries or check what was sent.
public struct RecordedRequest: Sendable, Hashable {
    public var method: GoogleHTTPMethod
    public var path: String
    public var query: String?
    public var status: Int
    /// Whether an injected fault decided the outcome.
    public var faulted: Bool
}

// MARK: - RequestLog

/// The most recent requests (bounded, so a long-running emulator does not grow).
final class RequestLog: Sendable {
    private let entries = Mutex<[RecordedRequest]>([])
    private let limit = 10_000

    func record(_ entry: RecordedRequest) {
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > limit { entries.removeFirst(entries.count - limit) }
        }
    }

    var all: [RecordedRequest] {
        entries.withLock { $0 }
    }

    func removeAll() {
        entries.withLock { $0.removeAll() }
    }
}
