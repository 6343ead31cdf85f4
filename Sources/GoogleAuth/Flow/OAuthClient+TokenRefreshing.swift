// MARK: - TokenRefreshing

/// ``OAuthClient/refresh(refreshToken:)`` is the requirement: the authorized session refreshes through it.
extension OAuthClient: TokenRefreshing {}
