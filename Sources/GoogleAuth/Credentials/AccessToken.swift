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
    /// Whether the provider obtained the token just now (a refresh, a service-account grant, the
    /// metadata server, IAM) or served one it already held (read from a ``TokenStore``). Sessions
    /// report the first as a refresh and the second as a load. Not part of equality: the same
    /// token is the same whichever way it came.
    public var origin: Origin

    /// How a provider came by a token.
    public enum Origin: Sendable, Hashable {
        /// Obtained from a token endpoint, the metadata server or IAM for this request: a refresh.
        case issued
        /// Served from what the provider already held (a token store, possibly written by another
        /// process's refresh); nothing was sent for it.
        case stored
    }

    /// - Parameters: See the properties. A provider that read the token from storage passes
    ///   `origin: .stored`; the default says it was just obtained.
    public init(value: String, expiresAt: Date?, scopes: Set<String> = [], origin: Origin = .issued) {
        self.value = value
        self.expiresAt = expiresAt
        self.scopes = scopes
        self.origin = origin
    }

    public static func == (lhs: AccessToken, rhs: AccessToken) -> Bool {
        lhs.value == rhs.value && lhs.expiresAt == rhs.expiresAt && lhs.scopes == rhs.scopes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(expiresAt)
        hasher.combine(scopes)
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
    /// The access token part of these credentials, as just obtained (``AccessToken/Origin/issued``).
    public var token: AccessToken {
        AccessToken(value: accessToken, expiresAt: expiresAt, scopes: scopes)
    }
}
