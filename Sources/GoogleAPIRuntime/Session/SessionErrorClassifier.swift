import Foundation
import GoogleAuth

// MARK: - SessionErrorClassifier

/// Recognises refresh failures that mean the user has to authorize again.
enum SessionErrorClassifier {
    /// Whether `error` is the token endpoint's `invalid_grant`.
    static func isInvalidGrant(_ error: any Error) -> Bool {
        guard let oauthError = error as? OAuthError else { return false }
        return oauthError.code == .invalidGrant || oauthError.code == .reauthenticationRequired
    }
}
