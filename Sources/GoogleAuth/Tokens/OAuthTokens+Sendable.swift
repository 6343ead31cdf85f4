import Foundation

// MARK: - OAuthTokens + header safety

extension OAuthTokens {
    /// Whether ``accessToken`` can be sent in an `Authorization: Bearer` header: not empty, and
    /// only visible ASCII characters (no control characters, spaces or other bytes a header
    /// cannot carry). Tokens from ``OAuthClient`` always can; a token file edited or damaged by
    /// hand may hold one that cannot, which `AuthorizedSession` then replaces by refreshing.
    public var hasSendableAccessToken: Bool {
        AccessTokenCheck.problem(with: accessToken) == nil
    }
}
