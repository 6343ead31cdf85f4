// MARK: - RefreshLockingTokenStore

/// A ``TokenStore`` that several processes may share, and that can make their refreshes one:
/// ``withRefreshLock(_:)`` runs a refresh while holding the store's exclusive lock, giving it the
/// credentials stored at that moment (read after the lock was taken), and stores what it returns
/// before releasing the lock. A process that waited for the lock then finds the token another
/// process just refreshed and uses it instead of sending a refresh of its own — which matters
/// for a server that rotates refresh tokens, where the second refresh would fail.
///
/// `AuthorizedSession` refreshes through this whenever its store conforms (``FileTokenStore``
/// does, with `flock`).
public protocol RefreshLockingTokenStore: TokenStore {
    /// Runs `refresh` with the store locked against every other process and store instance.
    ///
    /// `refresh` receives the stored credentials (`nil` when none are stored) and returns the
    /// credentials to keep: the stored ones when they are already fresh, or new ones, which are
    /// saved before the lock is released. It must not call the store's other methods (they take
    /// the same lock).
    /// - Returns: What `refresh` returned.
    /// - Throws: The store's errors, or what `refresh` throws (nothing is saved then).
    func withRefreshLock(
        _ refresh: @Sendable (OAuthTokens?) async throws -> OAuthTokens
    ) async throws -> OAuthTokens
}
