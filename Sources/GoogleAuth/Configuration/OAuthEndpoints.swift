import Foundation

// MARK: - OAuthEndpoints

/// The URLs of the OAuth server. Defaults are Google's; every one can point elsewhere (for example
/// at the local emulator on `http://127.0.0.1:PORT`).
public struct OAuthEndpoints: Sendable, Hashable {
    /// The authorization endpoint the browser is sent to.
    public var authorization: URL
    /// The token endpoint (code exchange, refresh, device polling).
    public var token: URL
    /// The revocation endpoint (RFC 7009).
    public var revocation: URL
    /// The device authorization endpoint (RFC 8628).
    public var deviceAuthorization: URL

    /// `https://accounts.google.com/o/oauth2/v2/auth`
    public static let googleAuthorization = URL(string: "https://accounts.google.com/o/oauth2/v2/auth")!
    /// `https://oauth2.googleapis.com/token`
    public static let googleToken = URL(string: "https://oauth2.googleapis.com/token")!
    /// `https://oauth2.googleapis.com/revoke`
    public static let googleRevocation = URL(string: "https://oauth2.googleapis.com/revoke")!
    /// `https://oauth2.googleapis.com/device/code`
    public static let googleDeviceAuthorization = URL(string: "https://oauth2.googleapis.com/device/code")!

    /// - Parameters: Each endpoint, Google's by default.
    public init(
        authorization: URL = OAuthEndpoints.googleAuthorization,
        token: URL = OAuthEndpoints.googleToken,
        revocation: URL = OAuthEndpoints.googleRevocation,
        deviceAuthorization: URL = OAuthEndpoints.googleDeviceAuthorization
    ) {
        self.authorization = authorization
        self.token = token
        self.revocation = revocation
        self.deviceAuthorization = deviceAuthorization
    }

    /// Google's endpoints.
    public static let google = OAuthEndpoints()

    /// The endpoints laid out as the emulator serves them under one base URL:
    /// `/o/oauth2/v2/auth`, `/token`, `/revoke`, `/device/code`.
    /// - Parameter base: The emulator's base URL, e.g. `http://127.0.0.1:8080`.
    public init(emulatorBaseURL base: URL) {
        self.init(
            authorization: base.appendingPathComponent("o/oauth2/v2/auth"),
            token: base.appendingPathComponent("token"),
            revocation: base.appendingPathComponent("revoke"),
            deviceAuthorization: base.appendingPathComponent("device/code"))
    }
}
