import Foundation

// MARK: - Meaning and remedy

extension OAuthError {
    /// What the error means, following Google's "OAuth 2.0 for Mobile & Desktop Apps" guide.
    public var meaning: String {
        switch code {
        case .accessDenied:
            "The user (or an administrator) denied the authorization request."
        case .adminPolicyEnforced:
            "The Google Account cannot authorize one or more requested scopes because of its Workspace administrator's policies."
        case .disallowedUserAgent:
            "The authorization endpoint was shown in an embedded user agent, which Google's OAuth 2.0 policies disallow."
        case .orgInternal:
            "The OAuth client ID belongs to a project that limits access to Google Accounts in a specific Google Cloud organization."
        case .deletedClient:
            "The OAuth client used for the request has been deleted."
        case .invalidGrant:
            "The authorization code or refresh token is invalid, revoked or already used (or the refresh token expired under time-based access), or the PKCE code verifier does not match."
        case .redirectURIMismatch:
            "The redirect_uri does not match an authorized redirect URI for this OAuth client."
        case .invalidRequest:
            "The request was malformed: a parameter is missing, unsupported or repeated."
        case .invalidClient:
            "The OAuth client was not found or its secret is wrong (or the client type does not support this flow)."
        case .unauthorizedClient:
            "The OAuth client is not allowed to use this grant type."
        case .invalidScope:
            "A requested scope is invalid, unknown, or not allowed for this client or flow."
        case .unsupportedGrantType:
            "The token endpoint does not support the requested grant type."
        case .invalidToken:
            "The token to revoke is unknown, expired or already revoked."
        case .deviceCodeExpired:
            "The device code expired before the user completed authorization."
        case .transport:
            "The request to the OAuth server failed: \(transportError?.description ?? "no response")"
        case .unexpectedResponse:
            "The OAuth server answered HTTP \(status ?? 0) with an unexpected body: \(excerpt ?? "")"
        case .invalidTokenResponse:
            "The OAuth server's answer cannot be used, so nothing was stored: \(reason ?? "")."
        case .stateMismatch:
            "The state parameter in the redirect does not match the request (possible cross-site request forgery); nothing was exchanged."
        case .missingAuthorizationCode:
            "The redirect carried neither an authorization code nor an error."
        case .timedOut:
            "The authorization did not complete within \(timeout.map { "\($0)" } ?? "the time allowed")."
        case .listenerFailed:
            "The local redirect listener failed: \(reason ?? "")"
        case .insecureEndpoint:
            "Refused to send OAuth secrets to \(url ?? "the endpoint"): \(reason ?? "")."
        case .cancelled:
            reason.map { "The authorization was cancelled: \($0)." } ?? "The authorization was cancelled."
        case .callbackMismatch:
            "The sign-in returned to a URL other than the app's redirect (\(reason ?? "")); nothing was exchanged."
        case .scopeNotGranted:
            "The scope(s) \(requiredScopes.joined(separator: " ")) were not granted (granted: \(grantedScopes.sorted().joined(separator: " ")))."
        case .invalidClientConfiguration:
            configurationPath.map { "The OAuth client configuration is invalid at \($0): \(reason ?? "")" }
                ?? "The OAuth client configuration does not fit this flow: \(reason ?? "")"
        case .missingRefreshToken:
            "The credentials have no refresh token."
        case .reauthenticationRequired:
            "Reauthentication is required: \(reason ?? "the stored credentials can no longer be used")."
        case .notAuthorized:
            "Not authorized: the token store holds no credentials."
        case .unauthorizedBodyNotReplayable:
            "HTTP \(status ?? 401): the access token was rejected and the streamed request body cannot be re-sent."
        case .refreshFailed:
            "Refreshing the access token failed: \(reason ?? "")"
        case .untrustedTokenDestination:
            "Refused to send the access token to \(url ?? "the URL"): \(reason ?? "")."
        default:
            "The OAuth server returned the error \"\(code.rawValue)\"."
        }
    }

    /// A one-line suggestion for fixing the problem.
    public var remedy: String {
        switch code {
        case .accessDenied:
            "Sign in again and choose Allow on the consent screen; without it the app cannot use this feature."
        case .adminPolicyEnforced:
            "Ask the Workspace administrator to allow the scopes for this OAuth client, or request fewer scopes."
        case .disallowedUserAgent:
            "Open the authorization URL in the system browser, not in an embedded web view."
        case .orgInternal:
            "Sign in with an account from the client's organization, or make the OAuth consent screen external."
        case .deletedClient:
            "Create a new OAuth client in the Google Cloud Console and update the configuration."
        case .invalidGrant:
            "Run the authorization flow again and save the new tokens to the session's token store (the session uses them on its next call) or pass them to updateCredentials(_:). "
                + "Google's documented causes: the user revoked the app's access; the password changed (for tokens with Gmail scopes); "
                + "the app's OAuth consent screen is in Testing publishing status (refresh tokens expire after 7 days); "
                + "the token was unused for 6 months; the client or account passed its limit of refresh tokens (the oldest stop working)."
        case .redirectURIMismatch:
            "Use a loopback or custom-scheme redirect registered for a Desktop/iOS/Android client."
        case .invalidRequest:
            "Check the client type and request parameters against the Desktop app guide."
        case .invalidClient:
            "Check the client ID and client secret from the downloaded client_secret JSON."
        case .unauthorizedClient:
            "Use an OAuth client of the right type (Desktop app; TVs and Limited Input devices for the device flow)."
        case .invalidScope:
            "Request only scopes that are valid for this client and flow."
        case .unsupportedGrantType:
            "Check the token endpoint URL and grant_type."
        case .invalidToken:
            "Nothing to do: the token is already unusable."
        case .deviceCodeExpired:
            "Start the device flow again and enter the new code sooner."
        case .transport:
            transportError?.isTransient ?? false
                ? "Check the network connection and retry." : "Check the endpoint URL and network configuration."
        case .unexpectedResponse:
            "Check the endpoint URL and any proxy between this machine and the OAuth server."
        case .invalidTokenResponse:
            "Check the token endpoint (token_uri) and any proxy in between; Google's endpoint sends Bearer tokens of visible ASCII characters."
        case .stateMismatch:
            "Start the authorization again from this app; do not reuse old authorization links."
        case .missingAuthorizationCode:
            "Start the authorization again."
        case .timedOut:
            "Complete the sign-in in the browser sooner, or raise the timeout."
        case .listenerFailed:
            "Make sure 127.0.0.1 is available, or use a custom URI scheme redirect."
        case .insecureEndpoint:
            "Point the OAuth endpoints (auth_uri, token_uri, the revocation URI) at https URLs, or at the emulator on 127.0.0.1."
        case .cancelled:
            "Start the authorization again when ready."
        case .callbackMismatch:
            "Make the user agent return the URL the sign-in redirected to, and register that redirect (the URL type in Info.plist, or the associated domain of a claimed https redirect)."
        case .scopeNotGranted:
            "Sign in again and allow every permission the app asks for, or use it without this feature."
        case .invalidClientConfiguration:
            configurationPath == nil
                ? "Use an OAuth client of the type the flow needs (Google Cloud Console, Credentials page): Desktop app for the loopback sign-in, iOS for an app's sign-in sheet."
                : "Download the client_secret JSON again from the Google Cloud Console (Credentials page)."
        case .missingRefreshToken, .reauthenticationRequired, .notAuthorized:
            "Run the authorization flow again (sign in) and save the new tokens to the session's token store (the session uses them on its next call, from this process or another) or pass them to updateCredentials(_:)."
        case .unauthorizedBodyNotReplayable:
            "Send the request again; use a body that can be re-read (data or a file) to let the session retry it itself."
        case .refreshFailed:
            "Check the network connection and the OAuth client, then retry."
        case .untrustedTokenDestination:
            "Use https, or add the origin to the session's trusted origins if it is yours."
        default:
            "Retry later; if it persists, check the request against Google's OAuth documentation."
        }
    }
}

// MARK: - CustomStringConvertible

extension OAuthError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    public var description: String {
        var text = "OAuthError"
        if let code = oauthErrorCode { text += " \(code)" }
        text += ": \(meaning)"
        if let serverDescription { text += " (server: \(serverDescription))" }
        return text + " Remedy: \(remedy)"
    }

    public var debugDescription: String { description }

    public var errorDescription: String? { description }
}
