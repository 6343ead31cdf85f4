import Synchronization

// MARK: - InMemoryTokenStore

/// A ``TokenStore`` that keeps credentials in memory only, for tests and short-lived processes.
public final class InMemoryTokenStore: TokenStore {
    private let stored: Mutex<OAuthTokens?>

    /// - Parameter credentials: Initial contents, if any.
    public init(_ credentials: OAuthTokens? = nil) {
        self.stored = Mutex(credentials)
    }

    public func load() async throws -> OAuthTokens? {
        stored.withLock { $0 }
    }

    public func save(_ credentials: OAuthTokens) async throws {
        stored.withLock { $0 = credentials }
    }

    public func delete() async throws {
        stored.withLock { $0 = nil }
    }
}
