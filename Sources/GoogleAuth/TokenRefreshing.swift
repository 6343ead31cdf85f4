// MARK: - TokenRefreshing

/// Exchanges a refresh token for new credentials. ``OAuthClient`` is the real implementation; the
/// authorized session depends only on this so it works with any token source.
public protocol TokenRefreshing: Sendable {
    /// Returns fresh credentials. The result's `refreshToken` may be `nil` when the server did not
    /// send a new one; callers keep the old one then.
    /// - Throws: ``OAuthError`` (`.invalidGrant` means the user must authorize again).
    func refresh(refreshToken: String) async throws -> OAuthTokens
}
