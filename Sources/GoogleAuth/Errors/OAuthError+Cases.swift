package import GoogleHTTP

// MARK: - Shorthands for the package's own code

/// One line per code for the package's throw sites (`throw .invalidGrant(description: nil)`).
/// Not public: callers match an error by ``OAuthError/Code`` (`case .invalidGrant:` in a
/// `switch` over an error) and read its fields (`error.serverDescription`, `error.status`).
extension OAuthError {
    /// An error with code ``Code/accessDenied`` and the server's `error_description`.
    package static func accessDenied(description: String?) -> OAuthError { OAuthError(code: .accessDenied, serverDescription: description) }
    /// An error with code ``Code/adminPolicyEnforced`` and the server's `error_description`.
    package static func adminPolicyEnforced(description: String?) -> OAuthError {
        OAuthError(code: .adminPolicyEnforced, serverDescription: description)
    }
    /// An error with code ``Code/disallowedUserAgent`` and the server's `error_description`.
    package static func disallowedUserAgent(description: String?) -> OAuthError {
        OAuthError(code: .disallowedUserAgent, serverDescription: description)
    }
    /// An error with code ``Code/orgInternal`` and the server's `error_description`.
    package static func orgInternal(description: String?) -> OAuthError { OAuthError(code: .orgInternal, serverDescription: description) }
    /// An error with code ``Code/deletedClient`` and the server's `error_description`.
    package static func deletedClient(description: String?) -> OAuthError {
        OAuthError(code: .deletedClient, serverDescription: description)
    }
    /// An error with code ``Code/invalidGrant`` and the server's `error_description`.
    package static func invalidGrant(description: String?) -> OAuthError { OAuthError(code: .invalidGrant, serverDescription: description) }
    /// An error with code ``Code/redirectURIMismatch`` and the server's `error_description`.
    package static func redirectURIMismatch(description: String?) -> OAuthError {
        OAuthError(code: .redirectURIMismatch, serverDescription: description)
    }
    /// An error with code ``Code/invalidRequest`` and the server's `error_description`.
    package static func invalidRequest(description: String?) -> OAuthError {
        OAuthError(code: .invalidRequest, serverDescription: description)
    }
    /// An error with code ``Code/invalidClient`` and the server's `error_description`.
    package static func invalidClient(description: String?) -> OAuthError {
        OAuthError(code: .invalidClient, serverDescription: description)
    }
    /// An error with code ``Code/unauthorizedClient`` and the server's `error_description`.
    package static func unauthorizedClient(description: String?) -> OAuthError {
        OAuthError(code: .unauthorizedClient, serverDescription: description)
    }
    /// An error with code ``Code/invalidScope`` and the server's `error_description`.
    package static func invalidScope(description: String?) -> OAuthError { OAuthError(code: .invalidScope, serverDescription: description) }
    /// An error with code ``Code/unsupportedGrantType`` and the server's `error_description`.
    package static func unsupportedGrantType(description: String?) -> OAuthError {
        OAuthError(code: .unsupportedGrantType, serverDescription: description)
    }
    /// An error with code ``Code/invalidToken`` and the server's `error_description`.
    package static func invalidToken(description: String?) -> OAuthError { OAuthError(code: .invalidToken, serverDescription: description) }
    /// An error with another OAuth `error` code the server sent.
    package static func server(code: String, description: String?) -> OAuthError {
        OAuthError(code: Code(rawValue: code), serverDescription: description)
    }
    /// ``Code/transport``: a request to an OAuth endpoint got no complete response.
    package static func transport(_ error: HTTPTransportError) -> OAuthError { OAuthError(code: .transport, transportError: error) }
    /// ``Code/unexpectedResponse``.
    package static func unexpectedResponse(status: Int, excerpt: String) -> OAuthError {
        OAuthError(code: .unexpectedResponse, status: status, excerpt: excerpt)
    }
    /// ``Code/invalidTokenResponse``.
    package static func invalidTokenResponse(reason: String) -> OAuthError { OAuthError(code: .invalidTokenResponse, reason: reason) }
    /// ``Code/timedOut``.
    package static func timedOut(after timeout: Duration) -> OAuthError { OAuthError(code: .timedOut, timeout: timeout) }
    /// ``Code/listenerFailed``.
    package static func listenerFailed(reason: String) -> OAuthError { OAuthError(code: .listenerFailed, reason: reason) }
    /// ``Code/insecureEndpoint``.
    package static func insecureEndpoint(url: String, reason: String) -> OAuthError {
        OAuthError(code: .insecureEndpoint, reason: reason, url: url)
    }
    /// ``Code/scopeNotGranted``.
    package static func scopeNotGranted(required: [String], granted: Set<String>) -> OAuthError {
        OAuthError(code: .scopeNotGranted, requiredScopes: required, grantedScopes: granted)
    }
    /// ``Code/invalidClientConfiguration``.
    package static func invalidClientConfiguration(path: String, reason: String) -> OAuthError {
        OAuthError(code: .invalidClientConfiguration, reason: reason, configurationPath: path)
    }
    /// ``Code/reauthenticationRequired``.
    package static func reauthenticationRequired(reason: String) -> OAuthError {
        OAuthError(code: .reauthenticationRequired, reason: reason)
    }
    /// ``Code/unauthorizedBodyNotReplayable``.
    package static func unauthorizedBodyNotReplayable(status: Int) -> OAuthError {
        OAuthError(code: .unauthorizedBodyNotReplayable, status: status)
    }
    /// ``Code/refreshFailed``.
    package static func refreshFailed(message: String) -> OAuthError { OAuthError(code: .refreshFailed, reason: message) }
    /// ``Code/untrustedTokenDestination``.
    package static func untrustedTokenDestination(url: String, reason: String) -> OAuthError {
        OAuthError(code: .untrustedTokenDestination, reason: reason, url: url)
    }
}
