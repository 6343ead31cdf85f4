public import Foundation
internal import GoogleBase

// MARK: - DriveChannelCredentials

/// What identifies an open notification channel to its receiver: the channel ID and the secret
/// channel token chosen when it was opened (Google echoes both in every notification), and what
/// Drive answered (resource ID, expiration). The token never appears in `description`.
public struct DriveChannelCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The channel ID (unique per channel, never reused).
    public var channelID: String
    /// The secret channel token (`X-Goog-Channel-Token`).
    public var token: String
    /// The watched resource's opaque ID, as Drive answered it; `nil` until then.
    public var resourceID: String?
    /// When Drive stops the channel; `nil` until Drive answered.
    public var expiration: Date?

    public init(channelID: String, token: String, resourceID: String? = nil, expiration: Date? = nil) {
        self.channelID = channelID
        self.token = token
        self.resourceID = resourceID
        self.expiration = expiration
    }

    /// A fresh channel: a random UUID as its ID and 32 random bytes (base64url) as its token.
    public static func fresh() -> DriveChannelCredentials {
        DriveChannelCredentials(channelID: UUID().uuidString.lowercased(), token: SecureRandom.token(byteCount: 32))
    }

    public var description: String {
        "DriveChannelCredentials(channelID: \(channelID), token: <redacted>, resourceID: \(resourceID ?? "nil"))"
    }
}
