import Foundation
import GoogleJSON
import Synchronization

// MARK: - ParsedErrorBody

/// The error body a session last parsed to decide whether to retry a 403, kept so that the
/// ``GoogleAPIError`` thrown for that same response reuses the parse: one parse per failure.
///
/// One slot is enough: the body is taken right after the session returns the response. When
/// concurrent requests overwrite it, ``take(_:)`` misses and the caller parses again (the
/// result is the same either way).
final class ParsedErrorBody: Sendable {
    /// Larger bodies are not kept (Google's error bodies are a few hundred bytes).
    static let sizeLimit = 64 << 10
    private let slot = Mutex<(body: Data, value: JSONValue)?>(nil)

    /// Parses `body` (`.null` when it is not JSON) and keeps the result for ``take(_:)``.
    func parse(_ body: Data) -> JSONValue {
        let value = Self.parsed(body)
        if body.count <= Self.sizeLimit { slot.withLock { $0 = (body, value) } }
        return value
    }

    /// The kept parse of `body`, removed from the slot; `nil` when the slot holds another body.
    func take(_ body: Data) -> JSONValue? {
        slot.withLock { entry in
            guard let stored = entry, stored.body == body else { return nil }
            entry = nil
            return stored.value
        }
    }

    /// `body` as JSON, `.null` when it is empty or not JSON.
    static func parsed(_ body: Data) -> JSONValue {
        body.isEmpty ? .null : (try? JSONValue(parsing: body)) ?? .null
    }
}
