import Foundation

// MARK: - OAuthEndpoints

/// The URLs of the OAuth server. Defaults are Google's; every one can point elsewhere (for example
/// at the local emulator on `http://127.0.0.1:PORT`).
public struct OAuthEndpoints: Sendable, Hashable {
    public var authorization: URL
    public var token: URL
    public var revocation: URL
    public var deviceAuthorization: URL

    public static let googleAuthorization = URL(string: "https://accounts.google.com/o/oauth2/v2/auth")!
    public static let googleToken = URL(string: "https://oauth2.googleapis.com/token")!
    public static let googleRevocation = URL(string: "https://oauth2.googleapis.com/revoke")!
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
    /// - Parameter emulatorBaseURL: e.g. `http://127.0.0.1:8080`.
    public init(emulatorBaseURL base: URL) {
        self.init(
            authorization: base.appendingPathComponent("o/oauth2/v2/auth"),
            token: base.appendingPathComponent("token"),
            revocation: base.appendingPathComponent("revoke"),
            deviceAuthorization: base.appendingPathComponent("device/code"))
    }
}
