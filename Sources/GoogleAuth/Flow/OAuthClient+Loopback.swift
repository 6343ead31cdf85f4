import Foundation
import GoogleBase

// MARK: - Loopback flow

extension OAuthClient {
    /// Runs the whole installed-app flow: starts a loopback listener on `127.0.0.1` and a random
    /// port, opens the authorization URL, waits for the redirect, checks `state` and exchanges the
    /// code (with the PKCE verifier). The listener is closed before this returns.
    /// - Parameters:
    ///   - scopes: Scopes to request.
    ///   - options: Optional parameters and the timeout.
    ///   - browser: How the URL is shown (the system browser, or printed, by default).
    /// - Returns: The new credentials; check ``OAuthCredentials/grantedScopes`` for partial grants.
    /// - Throws: ``OAuthError``: the redirect's `error`, `.timedOut` (a redirect with a wrong or
    ///   missing `state` does not end the wait), `.listenerFailed`, `.cancelled`,
    ///   `.insecureEndpoint` (an http endpoint on a host that is not loopback), or token-endpoint errors.
    public func authorize(
        scopes: [String], options: AuthorizationOptions = .init(), browser: any BrowserOpener = SystemBrowserOpener()
    ) async throws -> OAuthCredentials {
        try Self.requireSecureEndpoint(configuration.endpoints.authorization)
        let state = SecureRandom.token()
        let listener = try LoopbackRedirectListener(expectedState: state)
        defer { listener.stop() }
        let request = AuthorizationRequest(
            configuration: configuration, scopes: scopes, redirectURI: listener.redirectURI, options: options, state: state)
        try await browser.open(request.url)
        let callback = try await listener.waitForCallback(timeout: options.timeout)
        listener.stop()
        let code = try request.authorizationCode(from: callback)
        return try await exchangeCode(code, for: request)
    }
}
