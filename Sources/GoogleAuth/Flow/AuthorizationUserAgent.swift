import Foundation

// MARK: - AuthorizationUserAgent

/// What shows Google's sign-in page in an app and hands back where it redirected: "open this URL,
/// give me the callback URL". ``OAuthClient/authorize(scopes:options:userAgent:store:)`` does
/// everything else (state, PKCE, the code exchange, storing the tokens), so a user agent is thin:
/// `ASWebAuthenticationSessionUserAgent` on Apple platforms, a fake one in tests.
///
/// Never an embedded web view: Google refuses those (`disallowed_useragent`).
public protocol AuthorizationUserAgent: Sendable {
    /// Shows `url` and returns the URL the sign-in redirected to.
    /// - Parameters:
    ///   - url: The authorization URL.
    ///   - callbackScheme: The redirect's scheme (`com.googleusercontent.apps.<id>`, or `https`
    ///     for a claimed https redirect).
    /// - Returns: The callback URL, with its `code` or `error` and `state`.
    /// - Throws: ``OAuthError`` with ``OAuthError/Code/cancelled`` when the person closed the sheet
    ///   (distinct from a refusal, which comes back as a callback with `error=access_denied`).
    func authorize(_ url: URL, callbackScheme: String) async throws -> URL
}
