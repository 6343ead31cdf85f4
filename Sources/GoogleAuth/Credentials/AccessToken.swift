import Foundation

// MARK: - AccessToken

/// An OAuth 2.0 access token with its expiry and scopes, as every ``CredentialsProvider`` yields it.
///
/// `description` never shows the token, so logging a value is safe.
public struct AccessToken: Sendable, Hashable {
    /// The bearer token.
    public var value: String
    /// When the token expires; `nil` when unknown.
    public var expiresAt: Date?
    /// The scopes the token carries; empty when unknown.
    public var scopes: Set<String>

    /// - Parameters: See the properties.
    public init(value: String, expiresAt: Date?, scopes: Set<String> = []) {
        self.value = value
        self.expiresAt = expiresAt
        self.scopes = scopes
    }

    /// Whether the token expires within `skew` of `now` (never, when the expiry is unknown).
    public func isExpired(at now: Date = Date(), skew: TimeInterval = 60) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSince(now) <= skew
    }
}

// MARK: - CustomStringConvertible

extension AccessToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AccessToken(<redacted>, expiresAt: \(expiresAt.map { "\($0)" } ?? "unknown"), scopes: \(scopes.sorted()))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["value": "<redacted>", "expiresAt": expiresAt as Any, "scopes": scopes.sorted()])
    }
}

extension OAuthTokens {
    /// The access token part of these credentials.
    public var token: AccessToken {
        AccessToken(value: accessToken, expiresAt: expiresAt, scopes: scopes)
    }
}
