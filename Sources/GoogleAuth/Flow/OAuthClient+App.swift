import Foundation
import GoogleBase

// MARK: - App sign-in (iOS-type clients)

extension OAuthClient {
    /// Signs a person in from an app with an iOS-type client: builds the authorization URL with a
    /// fresh `state` and PKCE, has `userAgent` show it and return the callback, checks `state`,
    /// exchanges the code (with the PKCE verifier, no secret) and saves the tokens in `store`.
    ///
    /// The redirect is the configuration's ``OAuthClientConfiguration/appRedirectURI``: the reversed
    /// client ID's custom scheme, or an https URL the app claims (see ``AppRedirect``); the callback
    /// must come back to it.
    ///
    /// The client must be iOS-type (``OAuthClientConfiguration/iOS(clientID:redirectURI:endpoints:)``):
    /// a Desktop client fails before anything is shown, naming the client type this sign-in needs.
    /// Nothing is stored unless the whole exchange succeeded.
    /// - Parameters:
    ///   - scopes: Scopes to request.
    ///   - options: Optional parameters (login hint, incremental consent…).
    ///   - userAgent: Shows the page (`ASWebAuthenticationSessionUserAgent` on Apple platforms).
    ///   - store: Where the tokens go (the Keychain in an app, `KeychainTokenStore`); `nil` stores nothing.
    /// - Returns: The new credentials; check ``OAuthTokens/grantedScopes`` for partial grants.
    /// - Throws: ``OAuthError``: `.invalidClientConfiguration` for a client of the wrong type,
    ///   `.cancelled` when the person closed the sheet, `.accessDenied` when they refused,
    ///   `.callbackMismatch` when the callback is not at the redirect, `.stateMismatch`,
    ///   token-endpoint errors, or the store's error (``TokenStoreError``) when saving failed.
    public func authorize(
        scopes: [String], options: AuthorizationOptions = .init(), userAgent: any AuthorizationUserAgent, store: (any TokenStore)?
    ) async throws -> OAuthTokens {
        guard configuration.clientType == .iOS, let redirectURI = configuration.appRedirectURI else {
            throw OAuthError(
                code: .invalidClientConfiguration,
                reason: "an app sign-in redirects to the app's own URL scheme, which needs an iOS-type OAuth client "
                    + "(client ID only, no secret: create one of type \"iOS\" in the Cloud Console and use "
                    + "OAuthClientConfiguration.iOS(clientID:)); this client is \(configuration.clientType.rawValue)-type, "
                    + "which signs in with authorize(scopes:browser:) and its loopback redirect")
        }
        guard let redirect = AppRedirect(redirectURI) else {
            throw OAuthError(
                code: .invalidClientConfiguration,
                reason: "the app's redirect \(redirectURI) is neither a custom URI scheme (the reversed client ID, "
                    + "com.googleusercontent.apps.<id>:/oauth2redirect) nor an https URL the app claims; "
                    + "an http or loopback redirect is for Desktop clients")
        }
        try Self.requireSecureEndpoint(configuration.endpoints.authorization)
        let request = AuthorizationRequest(
            configuration: configuration, scopes: scopes, redirectURI: redirectURI, options: options, state: SecureRandom.token())
        let callbackURL = try await userAgent.authorize(request.url, redirect: redirect)
        // The system sheet matches only a scheme (or an https host and path); a user agent that
        // returns anything else must not get its parameters read.
        guard redirect.matches(callbackURL) else {
            throw OAuthError(code: .callbackMismatch, reason: "expected a callback at \(redirect.uri)")
        }
        let code = try request.authorizationCode(from: AuthorizationCallback(url: callbackURL))
        let tokens = try await exchangeCode(code, for: request)
        try await store?.save(tokens)
        return tokens
    }
}
