import Foundation
import GoogleAuth

// MARK: - AuthorizedSessionError

/// Why an ``AuthorizedSession`` could not complete a request.
///
/// No case carries token values, so descriptions are safe to log.
public enum AuthorizedSessionError: Error, Sendable, Hashable {
    /// The refresh token was rejected (`invalid_grant`: revoked, expired or the password changed),
    /// or there is no refresh token to use. The stored credentials were deleted; the user must
    /// authorize again (see ``AuthorizedSession/updateCredentials(_:)``).
    case reauthenticationRequired(reason: String)
    /// The token store holds no credentials.
    case notAuthorized
    /// None of `required` was granted to these credentials.
    case scopeNotGranted(required: [String], granted: Set<String>)
    /// The server answered 401 to a request whose streamed body cannot be sent again, so it was
    /// not retried with a refreshed token.
    case unauthorizedBodyNotReplayable(status: Int)
    /// Refreshing the access token failed for a reason other than `invalid_grant`.
    case refreshFailed(message: String)
    /// The request's URL may not receive the access token, so nothing was sent: plain http to a
    /// host that is not loopback, or an origin (scheme, host, port) other than a service's root
    /// URL or a configured trusted origin (e.g. a resumable upload `Location` on another host).
    /// `url` has its query values masked.
    case untrustedTokenDestination(url: String, reason: String)
}

// MARK: - CustomStringConvertible

extension AuthorizedSessionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .reauthenticationRequired(let reason):
            "reauthentication required: \(reason)"
        case .notAuthorized:
            "not authorized: no stored credentials"
        case .scopeNotGranted(let required, let granted):
            "none of the required scopes \(required) was granted (granted: \(granted.sorted()))"
        case .unauthorizedBodyNotReplayable(let status):
            "HTTP \(status): the access token was rejected and the streamed request body cannot be re-sent"
        case .refreshFailed(let message):
            "access token refresh failed: \(message)"
        case .untrustedTokenDestination(let url, let reason):
            "refused to send the access token to \(url): \(reason)"
        }
    }
}

extension AuthorizedSessionError: LocalizedError {
    public var errorDescription: String? { description }
}
