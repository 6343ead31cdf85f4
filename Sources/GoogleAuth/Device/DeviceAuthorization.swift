import Foundation

// MARK: - DeviceAuthorization

/// A device-flow request in progress (RFC 8628 as Google documents it for TVs and limited-input
/// devices): show ``userCode`` and ``verificationURL`` to the user, then poll.
///
/// `description` never shows the device code.
public struct DeviceAuthorization: Sendable, Hashable {
    /// The secret code the device polls with.
    public let deviceCode: String
    /// The code the user types on the verification page.
    public let userCode: String
    /// Where the user goes (`verification_url` in Google's answer, `verification_uri` in RFC 8628).
    public let verificationURL: URL
    /// `verification_uri_complete`, when the server sends one.
    public let verificationURLComplete: URL?
    /// When the device and user codes stop working.
    public let expiresAt: Date
    /// Seconds to wait between polls.
    public let interval: Int
    /// The scopes requested.
    public let scopes: [String]

    /// - Parameters: See the properties.
    public init(
        deviceCode: String, userCode: String, verificationURL: URL, verificationURLComplete: URL? = nil,
        expiresAt: Date, interval: Int, scopes: [String]
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURL = verificationURL
        self.verificationURLComplete = verificationURLComplete
        self.expiresAt = expiresAt
        self.interval = interval
        self.scopes = scopes
    }
}

// MARK: - CustomStringConvertible

extension DeviceAuthorization: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "DeviceAuthorization(userCode: \(userCode), verificationURL: \(verificationURL), expiresAt: \(expiresAt), interval: \(interval), deviceCode: <redacted>)"
    }

    public var debugDescription: String { description }
}
