public import Foundation

// MARK: - DriveNotification

/// A Drive push notification, read from the `X-Goog-*` headers of the POST Google sends to a
/// channel's address. The body is empty for Drive: the headers say everything, and what changed
/// is read from the changes feed (a notification only says *that* something changed).
public struct DriveNotification: Sendable, Hashable {
    /// The channel it came through (`X-Goog-Channel-ID`).
    public var channelID: String
    /// The watched resource's opaque ID (`X-Goog-Resource-ID`).
    public var resourceID: String
    /// The watched resource's API URI (`X-Goog-Resource-URI`).
    public var resourceURI: String?
    /// `sync` (the channel is open; first message), `change` (changes.watch), or for files.watch
    /// `add`, `remove`, `update`, `trash`, `untrash` (`X-Goog-Resource-State`).
    public var resourceState: String
    /// 1 for `sync`, then increasing per channel; not necessarily consecutive
    /// (`X-Goog-Message-Number`).
    public var messageNumber: Int64
    /// When the channel expires (`X-Goog-Channel-Expiration`).
    public var expiration: Date?
    /// For files.watch `update`: what changed, e.g. `content`, `properties`, `parents`
    /// (`X-Goog-Changed`).
    public var changed: [String]

    /// Whether this is the channel's opening message rather than a change.
    public var isSync: Bool { resourceState == "sync" }

    public init(
        channelID: String, resourceID: String, resourceURI: String?, resourceState: String, messageNumber: Int64,
        expiration: Date?, changed: [String] = []
    ) {
        self.channelID = channelID
        self.resourceID = resourceID
        self.resourceURI = resourceURI
        self.resourceState = resourceState
        self.messageNumber = messageNumber
        self.expiration = expiration
        self.changed = changed
    }

    // MARK: - Verifying

    /// Reads a notification from request headers and checks it against the channels this
    /// program opened: the channel ID must be one of `channels`, the channel token must be its
    /// token (both compared in constant time), the resource ID must be the one Drive gave it,
    /// and the channel must not have expired. A plain function: call it from any HTTP server.
    ///
    /// ```swift
    /// let notification = try DriveNotification.verify(header: { request.headers[$0] }, channels: open)
    /// if !notification.isSync { wakeup.notify() }
    /// ```
    /// - Parameters:
    ///   - header: The value of a request header by name (looked up case-insensitively by the caller).
    ///   - channels: The channels currently open (during a renewal, the old and the new one).
    ///   - now: The time to check expiration against.
    /// - Throws: ``DriveNotificationError``.
    public static func verify(
        header: (String) -> String?, channels: [DriveChannelCredentials], now: Date = Date()
    ) throws(DriveNotificationError) -> DriveNotification {
        func required(_ name: String) throws(DriveNotificationError) -> String {
            guard let value = header(name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
                throw DriveNotificationError(code: .missingHeader, header: name)
            }
            return value
        }
        let channelID = try required("X-Goog-Channel-ID")
        let resourceID = try required("X-Goog-Resource-ID")
        let state = try required("X-Goog-Resource-State")
        guard state.allSatisfy({ $0.isLetter }) else {
            throw DriveNotificationError(code: .malformedHeader, header: "X-Goog-Resource-State")
        }
        let numberText = try required("X-Goog-Message-Number")
        guard let number = Int64(numberText), number >= 1 else {
            throw DriveNotificationError(code: .malformedHeader, header: "X-Goog-Message-Number")
        }
        // Every channel is compared, so the time taken does not tell which IDs exist.
        var match: DriveChannelCredentials?
        for channel in channels where constantTimeEquals(channel.channelID, channelID) && match == nil {
            match = channel
        }
        guard let channel = match else { throw DriveNotificationError(code: .unknownChannel) }
        guard let token = header("X-Goog-Channel-Token"), constantTimeEquals(token, channel.token) else {
            throw DriveNotificationError(code: .tokenMismatch)
        }
        if let expected = channel.resourceID, !constantTimeEquals(expected, resourceID) {
            throw DriveNotificationError(code: .unknownChannel)
        }
        var expiration: Date?
        if let text = header("X-Goog-Channel-Expiration") {
            guard let date = parseHTTPDate(text) else {
                throw DriveNotificationError(code: .malformedHeader, header: "X-Goog-Channel-Expiration")
            }
            expiration = date
        }
        if let end = channel.expiration ?? expiration, end <= now { throw DriveNotificationError(code: .expired) }
        let changed = header("X-Goog-Changed")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        return DriveNotification(
            channelID: channelID, resourceID: resourceID, resourceURI: header("X-Goog-Resource-URI"), resourceState: state,
            messageNumber: number, expiration: expiration, changed: changed)
    }

    /// ``verify(header:channels:now:)`` for headers in a dictionary (any letter case).
    public static func verify(
        headers: [String: String], channels: [DriveChannelCredentials], now: Date = Date()
    ) throws(DriveNotificationError) -> DriveNotification {
        var lowercased: [String: String] = [:]
        for (name, value) in headers { lowercased[name.lowercased()] = value }
        return try verify(header: { lowercased[$0.lowercased()] }, channels: channels, now: now)
    }

    /// Equal strings take the same time to compare whatever their content; only the length
    /// (not secret) shows.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    /// `Tue, 19 Nov 2013 01:13:52 GMT` (RFC 9110's IMF-fixdate, the form Google sends).
    static func parseHTTPDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
