// MARK: - DriveNotificationError

/// Why a request was not accepted as a Drive push notification. Never carries a token.
public struct DriveNotificationError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A header every notification has is missing (``header``).
        case missingHeader
        /// A header's value is not what Google sends (``header``).
        case malformedHeader
        /// No open channel has this channel ID (or resource ID): a stopped channel, or a forgery.
        case unknownChannel
        /// The channel token is missing or wrong: not from Google, or not for this channel.
        case tokenMismatch
        /// The channel has expired.
        case expired
    }

    public var code: Code
    /// The header concerned (`missingHeader`, `malformedHeader`).
    public var header: String?

    public init(code: Code, header: String? = nil) {
        self.code = code
        self.header = header
    }

    public var description: String {
        switch code {
        case .missingHeader: "not a Drive notification: no \(header ?? "X-Goog-*") header"
        case .malformedHeader: "not a Drive notification: malformed \(header ?? "X-Goog-*") header"
        case .unknownChannel: "notification for a channel that is not open"
        case .tokenMismatch: "notification with a wrong channel token (rejected)"
        case .expired: "notification for an expired channel"
        }
    }
}
