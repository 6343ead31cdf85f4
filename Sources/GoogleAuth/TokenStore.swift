// MARK: - TokenStore

/// Persists one user's ``OAuthTokens`` between runs.
public protocol TokenStore: Sendable {
    /// The stored credentials, or `nil` when nothing is stored.
    /// - Throws: When the store exists but cannot be read or decoded.
    func load() async throws -> OAuthTokens?
    /// Replaces the stored credentials.
    func save(_ credentials: OAuthTokens) async throws
    /// Removes the stored credentials; succeeds when nothing is stored.
    func delete() async throws
}
