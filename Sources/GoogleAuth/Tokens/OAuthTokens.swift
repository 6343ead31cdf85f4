import Foundation

// MARK: - OAuthTokens

/// The tokens a user's authorization produced, as kept in a ``TokenStore``.
///
/// `description` never shows token values, so logging a credentials value is safe.
public struct OAuthTokens: Sendable, Hashable, Codable {
    /// The bearer token sent with API requests.
    public var accessToken: String
    /// Absolute expiry of `accessToken`; `nil` when the server did not say.
    public var expiresAt: Date?
    /// The long-lived token that obtains new access tokens; `nil` when none was issued.
    public var refreshToken: String?
    /// Absolute expiry of `refreshToken` under time-based access; `nil` when it does not expire.
    public var refreshTokenExpiresAt: Date?
    /// The scopes the user actually granted (may be fewer than requested).
    public var scopes: Set<String>
    /// The token type, `Bearer` for Google.
    public var tokenType: String
    /// The raw OpenID Connect ID token, when `openid` scopes were requested.
    public var idToken: String?

    /// - Parameters: See the properties.
    public init(
        accessToken: String, expiresAt: Date?, refreshToken: String?, refreshTokenExpiresAt: Date? = nil,
        scopes: Set<String>, tokenType: String = "Bearer", idToken: String? = nil
    ) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.refreshTokenExpiresAt = refreshTokenExpiresAt
        self.scopes = scopes
        self.tokenType = tokenType
        self.idToken = idToken
    }

    /// Whether the access token expires within `skew` of `now`.
    public func isExpired(at now: Date = Date(), skew: TimeInterval = 60) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= skew
    }

    /// Whether time-based access has ended: the refresh token's expiry (`refresh_token_expires_in`)
    /// is at or before `now`. `false` when the refresh token does not expire.
    public func isRefreshTokenExpired(at now: Date = Date()) -> Bool {
        guard let refreshTokenExpiresAt else { return false }
        return refreshTokenExpiresAt <= now
    }

    /// Whether `scope` was granted.
    public func hasScope(_ scope: String) -> Bool {
        scopes.contains(scope)
    }
}

// MARK: - CustomStringConvertible

extension OAuthTokens: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        let expiry = expiresAt.map { "\($0)" } ?? "unknown"
        return
            "OAuthTokens(accessToken: <redacted>, refreshToken: \(refreshToken == nil ? "none" : "<redacted>"), expiresAt: \(expiry), scopes: \(scopes.sorted()))"
    }

    public var debugDescription: String { description }
}
