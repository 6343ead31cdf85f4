import Foundation
import Synchronization

// MARK: - DriveChangeLog

/// Every change to the emulated Drive in order: a create, update, trash or delete of a file is
/// one entry with its time, its file and the shared drive it belongs to. Page tokens are
/// positions in the log (numeric strings, like Google's); a token older than
/// ``expireTokens()`` made the oldest valid one is refused, as an expired token is at Google.
final class DriveChangeLog: Sendable {
    struct Entry: Sendable {
        var fileID: String
        /// The shared drive of the file (`nil`: My Drive).
        var driveID: String?
        var time: Date
        var removed: Bool
    }

    private struct State {
        var entries: [Entry] = []
        /// Token of position 0; raised when tokens expire, so that every token handed out
        /// before (the current start token included) is refused.
        var base = 0
        /// The smallest token still accepted.
        var oldestValid = 1
    }

    private let state = Mutex(State())

    /// Appends an entry; called by the store under its own lock, so the log's order is the order
    /// in which the store changed.
    func record(_ entry: Entry) {
        state.withLock { $0.entries.append(entry) }
    }

    /// The token that lists changes made from now on.
    var startToken: Int {
        state.withLock { $0.base + $0.entries.count + 1 }
    }

    /// Makes every token handed out so far invalid (a control for tests of the resync path).
    func expireTokens() {
        state.withLock { state in
            state.base += 1_000_000
            state.oldestValid = state.base + state.entries.count + 1
        }
    }

    /// Up to `limit` entries at or after `token` for which `include` is true, the token after the
    /// last one looked at, and whether the log ends there; `nil` for a token that is not (or no
    /// longer) valid.
    func page(
        from token: Int, limit: Int, where include: (Entry) -> Bool
    ) -> (entries: [(token: Int, entry: Entry)], next: Int, atEnd: Bool)? {
        state.withLock { state in
            guard token >= state.oldestValid, token - state.base <= state.entries.count + 1 else { return nil }
            var found: [(token: Int, entry: Entry)] = []
            var index = token - state.base - 1
            while index < state.entries.count, found.count < limit {
                let entry = state.entries[index]
                if include(entry) { found.append((state.base + index + 1, entry)) }
                index += 1
            }
            // Skip entries this corpus does not see, so a caught-up page says so.
            while index < state.entries.count, !include(state.entries[index]) { index += 1 }
            return (found, state.base + index + 1, index == state.entries.count)
        }
    }

    var count: Int {
        state.withLock { $0.entries.count }
    }
}
