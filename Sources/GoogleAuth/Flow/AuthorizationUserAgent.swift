import Foundation

// MARK: - AuthorizationUserAgent

/// What shows Google's sign-in page in an app and hands back where it redirected: "open this URL,
/// give me the callback URL". ``OAuthClient/authorize(scopes:options:userAgent:store:)`` does
/// everything else (state, PKCE, checking the callback is at the redirect, the code exchange,
/// storing the tokens), so a user agent is thin: `ASWebAuthenticationSessionUserAgent` on Apple
/// platforms, a fake one in tests.
///
/// Never an embedded web view: Google refuses those (`disallowed_useragent`).
public protocol AuthorizationUserAgent: Sendable {
    /// Shows `url` and returns the URL the sign-in redirected to.
    /// - Parameters:
    ///   - url: The authorization URL.
    ///   - redirect: The app's redirect: a custom scheme (`com.googleusercontent.apps.<id>`) or a
    ///     claimed https host and path, which the user agent waits for.
    /// - Returns: The callback URL, with its `code` or `error` and `state`.
    /// - Throws: ``OAuthError`` with ``OAuthError/Code/cancelled`` when the person closed the sheet
    ///   (distinct from a refusal, which comes back as a callback with `error=access_denied`).
    func authorize(_ url: URL, redirect: AppRedirect) async throws -> URL
}
