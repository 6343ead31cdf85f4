// MARK: - TokenRefreshing

/// ``OAuthClient/refresh(refreshToken:)`` is the requirement: the authorized session refreshes through it.
extension OAuthClient: TokenRefreshing {}

// MARK: - CustomStringConvertible

extension OAuthClient: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "OAuthClient(\(configuration))" }
    public var debugDescription: String { description }
}
