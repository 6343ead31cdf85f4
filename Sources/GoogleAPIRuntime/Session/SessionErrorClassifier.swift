import Foundation
import GoogleAuth

// MARK: - SessionErrorClassifier

/// Recognises refresh failures that mean the user has to authorize again.
enum SessionErrorClassifier {
    /// Whether `error` is the token endpoint's `invalid_grant`.
    static func isInvalidGrant(_ error: any Error) -> Bool {
        if let oauthError = error as? OAuthError { return oauthError.isInvalidGrant }
        if case AuthorizedSessionError.reauthenticationRequired? = error as? AuthorizedSessionError { return true }
        return false
    }
}
