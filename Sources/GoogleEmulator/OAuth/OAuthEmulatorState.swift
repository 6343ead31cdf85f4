import Foundation

// MARK: - OAuthEmulatorState

/// Everything the emulated OAuth server remembers, guarded by the emulator's mutex.
struct OAuthEmulatorState {
    struct AuthorizationCode {
        var clientID: String
        var redirectURI: String
        var challenge: String?
        var challengeMethod: String
        var scopes: Set<String>
        var expiresAt: Date
        var used = false
        /// The grant created when the code was exchanged, revoked if the code is replayed.
        var grantID: Int?
    }

    struct AccessToken {
        var clientID: String
        var scopes: Set<String>
        var expiresAt: Date
        var grantID: Int
        /// The service account (or delegated user) a service-account token was issued to.
        var principal: String? = nil
    }

    struct RefreshToken {
        var clientID: String
        var scopes: Set<String>
        var expiresAt: Date?
        var grantID: Int
    }

    struct DeviceCode {
        enum Status { case pending, approved, denied }
        var clientID: String
        var userCode: String
        var scopes: Set<String>
        var expiresAt: Date
        var interval: Int
        var lastPoll: Date?
        var status: Status = .pending
    }

    var configuration: OAuthEmulator.Configuration
    var clockOffset: TimeInterval = 0
    var codes: [String: AuthorizationCode] = [:]
    var accessTokens: [String: AccessToken] = [:]
    var refreshTokens: [String: RefreshToken] = [:]
    var deviceCodes: [String: DeviceCode] = [:]
    var revokedGrants: Set<Int> = []
    var nextGrantID = 1
    var tokenRequestCount = 0
    var refreshRequestCount = 0
    var authorizationRequestCount = 0
    var revokeRequestCount = 0

    /// Set by ``OAuthEmulator/freezeClock()``: the wall-clock instant the emulator's time stays at.
    var frozenWallClock: Date?

    var now: Date { (frozenWallClock ?? Date()).addingTimeInterval(clockOffset) }

    mutating func newGrant() -> Int {
        defer { nextGrantID += 1 }
        return nextGrantID
    }

    /// Issues an access token (and a refresh token when `withRefreshToken`) for a grant.
    mutating func issue(clientID: String, scopes: Set<String>, grantID: Int, withRefreshToken: Bool)
        -> (access: String, refresh: String?, refreshExpiresIn: TimeInterval?)
    {
        let access = "ya29.emu-" + OAuthEmulator.randomToken()
        accessTokens[access] = AccessToken(
            clientID: clientID, scopes: scopes, expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime),
            grantID: grantID)
        guard withRefreshToken else { return (access, nil, nil) }
        let refresh = "1//emu-" + OAuthEmulator.randomToken()
        let lifetime = configuration.refreshTokenLifetime
        refreshTokens[refresh] = RefreshToken(
            clientID: clientID, scopes: scopes, expiresAt: lifetime.map { now.addingTimeInterval($0) }, grantID: grantID)
        return (access, refresh, lifetime)
    }

    func validAccessToken(_ token: String) -> AccessToken? {
        guard let record = accessTokens[token], !revokedGrants.contains(record.grantID), record.expiresAt > now else {
            return nil
        }
        return record
    }

    func validRefreshToken(_ token: String) -> RefreshToken? {
        guard let record = refreshTokens[token], !revokedGrants.contains(record.grantID) else { return nil }
        if let expiresAt = record.expiresAt, expiresAt <= now { return nil }
        return record
    }
}
