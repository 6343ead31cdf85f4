import Foundation
import GoogleAuth
@_spi(Locking) import GoogleBase
import GoogleHTTPTypes

// MARK: - SessionCredentialCache

/// A lock-protected copy of the coordinator's current token, so the common case — a valid token
/// and nothing in flight — costs a lock instead of a hop onto the coordinator actor.
/// Only the coordinator writes it; anything unusual (expired, missing, failed) goes to the actor.
final class SessionCredentialCache: Sendable {
    private let current = PlainLock<AccessToken?>(nil)

    /// The cached token when it is valid for at least `skew` at `now`.
    func validToken(now: Date, skew: TimeInterval) -> AccessToken? {
        current.withLock { token in
            guard let token, !token.isExpired(at: now, skew: skew) else { return nil }
            return token
        }
    }

    /// The cached token, valid or not.
    var token: AccessToken? { current.withLock { $0 } }

    func update(_ token: AccessToken?) {
        current.withLock { $0 = token }
    }
}
