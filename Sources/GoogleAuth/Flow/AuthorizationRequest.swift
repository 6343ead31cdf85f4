import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - AuthorizationRequest

/// One attempt at the authorization-code flow: the URL to open plus the secrets needed to finish
/// it (`state` and the PKCE verifier). Use it once.
///
/// `description` shows neither `state` nor the verifier.
public struct AuthorizationRequest: Sendable {
    /// The URL to open in the user's browser.
    public let url: URL
    /// The `redirect_uri` sent; the code exchange must repeat it exactly.
    public let redirectURI: String
    /// The anti-CSRF value the redirect must echo.
    public let state: String
    /// The PKCE pair; its challenge is in `url`, its verifier goes with the code exchange.
    public let pkce: PKCE
    /// The requested scopes.
    public let scopes: [String]

    /// Builds the request URL (every parameter from Google's guide, percent-encoded form-style).
    /// - Parameters:
    ///   - configuration: The OAuth client.
    ///   - scopes: Scopes to request (sent space-delimited).
    ///   - redirectURI: The loopback or custom-scheme redirect URI.
    ///   - options: Optional parameters.
    ///   - state: The anti-CSRF value (256 random bits by default).
    ///   - pkce: The PKCE pair (a fresh one by default).
    public init(
        configuration: OAuthClientConfiguration, scopes: [String], redirectURI: String,
        options: AuthorizationOptions = .init(), state: String? = nil, pkce: PKCE? = nil
    ) {
        let pkce = pkce ?? PKCE(method: options.codeChallengeMethod)
        let state = state ?? SecureRandom.token()
        var parameters: [(String, String)] = [
            ("client_id", configuration.clientID),
            ("redirect_uri", redirectURI),
            ("response_type", "code"),
            ("scope", scopes.joined(separator: " ")),
            ("code_challenge", pkce.challenge),
            ("code_challenge_method", pkce.method.rawValue),
            ("state", state),
        ]
        if let loginHint = options.loginHint { parameters.append(("login_hint", loginHint)) }
        if let accessType = options.accessType { parameters.append(("access_type", accessType.rawValue)) }
        if !options.prompt.isEmpty { parameters.append(("prompt", options.prompt.map(\.rawValue).joined(separator: " "))) }
        if let include = options.includeGrantedScopes { parameters.append(("include_granted_scopes", include ? "true" : "false")) }
        parameters += options.additionalParameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }

        let base = configuration.endpoints.authorization.absoluteString
        let separator = base.contains("?") ? "&" : "?"
        // The endpoint came from a valid URL and the query is all unreserved or %XX, so this parses.
        self.url = URL(string: base + separator + FormURLEncoding.encode(parameters)) ?? configuration.endpoints.authorization
        self.redirectURI = redirectURI
        self.state = state
        self.pkce = pkce
        self.scopes = scopes
    }

    /// Checks a redirect against this request and returns the authorization code.
    ///
    /// The state is checked first, so a forged redirect is rejected before its contents are trusted.
    /// - Parameter callback: The parsed redirect.
    /// - Throws: ``OAuthError/Code/stateMismatch``; the typed error for an `error=` redirect;
    ///   ``OAuthError/Code/missingAuthorizationCode``.
    public func authorizationCode(from callback: AuthorizationCallback) throws -> String {
        guard let received = callback.state, Self.constantTimeEquals(received, state) else {
            throw OAuthError(code: .stateMismatch)
        }
        if let error = callback.error {
            throw OAuthError(code: error, description: callback.errorDescription)
        }
        guard let code = callback.code, !code.isEmpty else { throw OAuthError(code: .missingAuthorizationCode) }
        return code
    }

    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

// MARK: - CustomStringConvertible

extension AuthorizationRequest: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "AuthorizationRequest(redirectURI: \(redirectURI), scopes: \(scopes), state: <redacted>, pkce: \(pkce))"
    }

    public var debugDescription: String { description }
}
