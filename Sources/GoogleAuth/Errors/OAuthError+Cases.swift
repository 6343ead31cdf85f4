public import GoogleHTTP

// MARK: - Errors by their former case names

/// `OAuthError` was an enum until the error story was unified; these make its former cases'
/// construction (`OAuthError.invalidGrant(description: nil)`) keep compiling. Matching uses
/// ``OAuthError/Code``: `case .invalidGrant:` still works in a `switch` over an error, and
/// payloads are fields now (`error.serverDescription`, `error.status`).
extension OAuthError {
    /// An error with code ``Code/accessDenied`` and the server's `error_description`.
    public static func accessDenied(description: String?) -> OAuthError { OAuthError(code: .accessDenied, serverDescription: description) }
    /// An error with code ``Code/adminPolicyEnforced`` and the server's `error_description`.
    public static func adminPolicyEnforced(description: String?) -> OAuthError { OAuthError(code: .adminPolicyEnforced, serverDescription: description) }
    /// An error with code ``Code/disallowedUserAgent`` and the server's `error_description`.
    public static func disallowedUserAgent(description: String?) -> OAuthError { OAuthError(code: .disallowedUserAgent, serverDescription: description) }
    /// An error with code ``Code/orgInternal`` and the server's `error_description`.
    public static func orgInternal(description: String?) -> OAuthError { OAuthError(code: .orgInternal, serverDescription: description) }
    /// An error with code ``Code/deletedClient`` and the server's `error_description`.
    public static func deletedClient(description: String?) -> OAuthError { OAuthError(code: .deletedClient, serverDescription: description) }
    /// An error with code ``Code/invalidGrant`` and the server's `error_description`.
    public static func invalidGrant(description: String?) -> OAuthError { OAuthError(code: .invalidGrant, serverDescription: description) }
    /// An error with code ``Code/redirectURIMismatch`` and the server's `error_description`.
    public static func redirectURIMismatch(description: String?) -> OAuthError { OAuthError(code: .redirectURIMismatch, serverDescription: description) }
    /// An error with code ``Code/invalidRequest`` and the server's `error_description`.
    public static func invalidRequest(description: String?) -> OAuthError { OAuthError(code: .invalidRequest, serverDescription: description) }
    /// An error with code ``Code/invalidClient`` and the server's `error_description`.
    public static func invalidClient(description: String?) -> OAuthError { OAuthError(code: .invalidClient, serverDescription: description) }
    /// An error with code ``Code/unauthorizedClient`` and the server's `error_description`.
    public static func unauthorizedClient(description: String?) -> OAuthError { OAuthError(code: .unauthorizedClient, serverDescription: description) }
    /// An error with code ``Code/invalidScope`` and the server's `error_description`.
    public static func invalidScope(description: String?) -> OAuthError { OAuthError(code: .invalidScope, serverDescription: description) }
    /// An error with code ``Code/unsupportedGrantType`` and the server's `error_description`.
    public static func unsupportedGrantType(description: String?) -> OAuthError { OAuthError(code: .unsupportedGrantType, serverDescription: description) }
    /// An error with code ``Code/invalidToken`` and the server's `error_description`.
    public static func invalidToken(description: String?) -> OAuthError { OAuthError(code: .invalidToken, serverDescription: description) }
    /// An error with another OAuth `error` code the server sent.
    public static func server(code: String, description: String?) -> OAuthError {
        OAuthError(code: Code(rawValue: code), serverDescription: description)
    }
    /// ``Code/transport``: a request to an OAuth endpoint got no complete response.
    public static func transport(_ error: HTTPTransportError) -> OAuthError { OAuthError(code: .transport, transportError: error) }
    /// ``Code/unexpectedResponse``.
    public static func unexpectedResponse(status: Int, excerpt: String) -> OAuthError {
        OAuthError(code: .unexpectedResponse, status: status, excerpt: excerpt)
    }
    /// ``Code/invalidTokenResponse``.
    public static func invalidTokenResponse(reason: String) -> OAuthError { OAuthError(code: .invalidTokenResponse, reason: reason) }
    /// ``Code/timedOut``.
    public static func timedOut(after timeout: Duration) -> OAuthError { OAuthError(code: .timedOut, timeout: timeout) }
    /// ``Code/listenerFailed``.
    public static func listenerFailed(reason: String) -> OAuthError { OAuthError(code: .listenerFailed, reason: reason) }
    /// ``Code/insecureEndpoint``.
    public static func insecureEndpoint(url: String, reason: String) -> OAuthError {
        OAuthError(code: .insecureEndpoint, reason: reason, url: url)
    }
    /// ``Code/scopeNotGranted``.
    public static func scopeNotGranted(required: [String], granted: Set<String>) -> OAuthError {
        OAuthError(code: .scopeNotGranted, requiredScopes: required, grantedScopes: granted)
    }
    /// ``Code/invalidClientConfiguration``.
    public static func invalidClientConfiguration(path: String, reason: String) -> OAuthError {
        OAuthError(code: .invalidClientConfiguration, reason: reason, configurationPath: path)
    }
    /// ``Code/reauthenticationRequired``.
    public static func reauthenticationRequired(reason: String) -> OAuthError {
        OAuthError(code: .reauthenticationRequired, reason: reason)
    }
    /// ``Code/unauthorizedBodyNotReplayable``.
    public static func unauthorizedBodyNotReplayable(status: Int) -> OAuthError {
        OAuthError(code: .unauthorizedBodyNotReplayable, status: status)
    }
    /// ``Code/refreshFailed``.
    public static func refreshFailed(message: String) -> OAuthError { OAuthError(code: .refreshFailed, reason: message) }
    /// ``Code/untrustedTokenDestination``.
    public static func untrustedTokenDestination(url: String, reason: String) -> OAuthError {
        OAuthError(code: .untrustedTokenDestination, reason: reason, url: url)
    }
}
