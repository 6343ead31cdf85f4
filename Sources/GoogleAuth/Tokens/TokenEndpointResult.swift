import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - TokenEndpointResult

/// What a token-endpoint answer means: credentials, or an OAuth error code.
enum TokenEndpointResult {
    case credentials(OAuthTokens)
    case error(code: String, description: String?, status: Int)

    /// Interprets a token endpoint response.
    /// - Throws: ``OAuthError/Code/unexpectedResponse`` for anything that is neither a
    ///   token object nor an OAuth error object (HTML proxy pages, truncated JSON…);
    ///   ``OAuthError/Code/invalidTokenResponse`` for an access token an HTTP header cannot
    ///   carry (empty, control characters…) or a `token_type` other than Bearer.
    /// - Parameter endpoint: The token endpoint, named in the error for an unusable token.
    static func parse(
        _ response: GoogleHTTPResponse, requestedScopes: [String], now: Date, endpoint: URL? = nil
    ) throws -> TokenEndpointResult {
        guard let object = jsonObject(response.body) else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        if let code = object["error"]?.stringValue {
            return .error(code: code, description: object["error_description"]?.stringValue, status: response.status)
        }
        guard (200..<300).contains(response.status), let accessToken = object["access_token"]?.stringValue else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        // Checked here, before anything is stored: a token that cannot be sent would fail every
        // later request without the 401 that makes a session refresh it.
        let tokenType = object["token_type"]?.stringValue
        if let problem = AccessTokenCheck.problem(with: accessToken) ?? tokenType.flatMap(AccessTokenCheck.problem(withTokenType:)) {
            let source = endpoint.map { "the token endpoint \(SecretRedactor.redactedURL($0)) sent an unusable token: " } ?? ""
            throw OAuthError(code: .invalidTokenResponse, reason: source + problem)
        }
        let scopes = object["scope"]?.stringValue.map { Set($0.split(separator: " ").map(String.init)) } ?? Set(requestedScopes)
        return .credentials(
            OAuthTokens(
                accessToken: accessToken,
                expiresAt: TokenLifetime.clamped(seconds(object["expires_in"])).map { now.addingTimeInterval($0) },
                refreshToken: object["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                refreshTokenExpiresAt: TokenLifetime.clamped(seconds(object["refresh_token_expires_in"])).map {
                    now.addingTimeInterval($0)
                },
                scopes: scopes,
                tokenType: "Bearer",
                idToken: object["id_token"]?.stringValue))
    }

    /// The members of a JSON object body; `nil` for anything else (HTML, truncated JSON, arrays).
    static func jsonObject(_ body: Data) -> [String: JSONValue]? {
        guard !body.isEmpty, case .object(let members)? = try? JSONValue(parsing: body) else { return nil }
        return members
    }

    /// Lifetimes arrive as numbers, occasionally as numeric strings.
    static func seconds(_ value: JSONValue?) -> TimeInterval? {
        switch value {
        case .number(let number)?: number
        case .string(let text)?: TimeInterval(text)
        default: nil
        }
    }

    /// The credentials, or the typed error for an error code.
    func credentials() throws -> OAuthTokens {
        switch self {
        case .credentials(let credentials): return credentials
        case .error(let code, let description, let status):
            // The status lets a session tell a failing endpoint (500, 503) from a refusal (400).
            var error = OAuthError(code: code, description: description)
            error.status = status
            throw error
        }
    }
}
