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
    /// - Returns: The new credentials; check ``OAuthTokens/grantedScopes`` for partial grants.
    /// - Throws: ``OAuthError``: the redirect's `error`, `.timedOut` (a redirect with a wrong or
    ///   missing `state` does not end the wait), `.listenerFailed`, `.cancelled`,
    ///   `.insecureEndpoint` (an http endpoint on a host that is not loopback), or token-endpoint errors.
    public func authorize(
        scopes: [String], options: AuthorizationOptions = .init(), browser: any BrowserOpener = SystemBrowserOpener()
    ) async throws -> OAuthTokens {
        guard configuration.clientType == .desktop else {
            // Google blocks the loopback redirect for iOS clients; say so before a browser opens.
            throw OAuthError(
                code: .invalidClientConfiguration,
                reason: "the loopback sign-in needs a Desktop-type OAuth client (with a client secret); this client is "
                    + "\(configuration.clientType.rawValue)-type, which signs in with authorize(scopes:userAgent:store:) "
                    + "and its own URL scheme")
        }
        try Self.requireSecureEndpoint(configuration.endpoints.authorization)
        let state = SecureRandom.token()
        let listener = try LoopbackRedirectListener(expectedState: state)
        defer { listener.stop() }
        let request = AuthorizationRequest(
            configuration: configuration, scopes: scopes, redirectURI: listener.redirectURI, options: options, state: state)
        let callback = try await Self.openAndWait(browser: browser, url: request.url, listener: listener, timeout: options.timeout)
        listener.stop()
        let code = try request.authorizationCode(from: callback)
        return try await exchangeCode(code, for: request)
    }

    /// Opens the browser and reads the redirect at the same time: a browser command that stays
    /// running (a browser started fresh) must not hold the callback back. An opener that throws
    /// before the callback ends the wait. Once the callback is in, an opener still running gets a
    /// moment to finish (an in-process one is reading the page) and is then cancelled.
    private static func openAndWait(
        browser: any BrowserOpener, url: URL, listener: LoopbackRedirectListener, timeout: Duration
    ) async throws -> AuthorizationCallback {
        enum Outcome: Sendable {
            case opened(failure: (any Error)?)
            case callback(AuthorizationCallback)
            case graceOver
        }
        return try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask {
                do {
                    try await browser.open(url)
                    return .opened(failure: nil)
                } catch {
                    return .opened(failure: error)
                }
            }
            group.addTask { .callback(try await listener.waitForCallback(timeout: timeout)) }
            var callback: AuthorizationCallback?
            var opened = false
            while let outcome = try await group.next() {
                switch outcome {
                case .opened(let failure):
                    opened = true
                    if let callback {
                        group.cancelAll()
                        return callback
                    }
                    if let failure { throw failure }
                case .callback(let received):
                    if opened { return received }
                    callback = received
                    group.addTask {
                        await OffPoolTimer.sleepUnlessCancelled(for: .milliseconds(250))
                        return .graceOver
                    }
                case .graceOver:
                    group.cancelAll()
                    if let callback { return callback }
                }
            }
            throw OAuthError(code: .cancelled)  // unreachable: the waiting task returns or throws
        }
    }
}
