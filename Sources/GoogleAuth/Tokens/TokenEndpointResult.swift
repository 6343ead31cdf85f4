import Foundation
import GoogleHTTPTypes
import GoogleHTTP

// MARK: - TokenEndpointResult

/// What a token-endpoint answer means: credentials, or an OAuth error code.
enum TokenEndpointResult {
    case credentials(OAuthCredentials)
    case error(code: String, description: String?)

    /// Interprets a token endpoint response.
    /// - Throws: ``OAuthError/unexpectedResponse(status:excerpt:)`` for anything that is neither a
    ///   token object nor an OAuth error object (HTML proxy pages, truncated JSON…).
    static func parse(_ response: HTTPResponse, requestedScopes: [String], now: Date) throws -> TokenEndpointResult {
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        if let code = object["error"] as? String {
            return .error(code: code, description: object["error_description"] as? String)
        }
        guard (200..<300).contains(response.status), let accessToken = object["access_token"] as? String, !accessToken.isEmpty else {
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
        let scopes = (object["scope"] as? String).map { Set($0.split(separator: " ").map(String.init)) } ?? Set(requestedScopes)
        return .credentials(OAuthCredentials(
            accessToken: accessToken,
            expiresAt: TokenLifetime.clamped(seconds(object["expires_in"])).map { now.addingTimeInterval($0) },
            refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 },
            refreshTokenExpiresAt: TokenLifetime.clamped(seconds(object["refresh_token_expires_in"])).map { now.addingTimeInterval($0) },
            scopes: scopes,
            tokenType: object["token_type"] as? String ?? "Bearer",
            idToken: object["id_token"] as? String))
    }

    /// Lifetimes arrive as numbers, occasionally as numeric strings.
    static func seconds(_ value: Any?) -> TimeInterval? {
        if let number = value as? NSNumber, !(value is Bool) { return number.doubleValue }
        if let string = value as? String { return TimeInterval(string) }
        return nil
    }

    /// The credentials, or the typed error for an error code.
    func credentials() throws -> OAuthCredentials {
        switch self {
        case .credentials(let credentials): return credentials
        case .error(let code, let description): throw OAuthError(code: code, description: description)
        }
    }
}
