import Foundation
import GoogleAuth
@_spi(Locking) import GoogleHTTPTypes

// MARK: - SessionCredentialCache

/// A lock-protected copy of the coordinator's current credentials, so the common case — a valid
/// token and nothing in flight — costs a lock instead of a hop onto the coordinator actor.
/// Only the coordinator writes it; anything unusual (expired, missing, failed) goes to the actor.
final class SessionCredentialCache: Sendable {
    private let current = PlainLock<OAuthCredentials?>(nil)

    /// The cached credentials when their token is valid for at least `skew` at `now`.
    func validCredentials(now: Date, skew: TimeInterval) -> OAuthCredentials? {
        current.withLock { credentials in
            guard let credentials, !credentials.isExpired(at: now, skew: skew), credentials.hasSendableAccessToken else { return nil }
            return credentials
        }
    }

    /// The cached credentials, valid or not.
    var credentials: OAuthCredentials? { current.withLock { $0 } }

    func update(_ credentials: OAuthCredentials?) {
        current.withLock { $0 = credentials }
    }
}
