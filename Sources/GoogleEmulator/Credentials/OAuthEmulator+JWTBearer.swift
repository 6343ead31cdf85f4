import Foundation
import GoogleBase
import GoogleCrypto
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - JWT bearer grant (service accounts)

extension OAuthEmulator {
    static let jwtBearerGrant = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    /// RFC 7523 with Google's rules: the assertion is an RS256 JWT by a configured service
    /// account (`iss`), verified with its public key; `aud` is this token endpoint's URL as the
    /// client addressed it; `iat` no later than now (5 minutes of skew allowed); `exp` after now
    /// and at most one hour after `iat`; `scope` present; `sub` only a user the account may act as.
    func exchangeJWTBearer(_ parameters: [String: String], audience: String, state: inout OAuthEmulatorState) -> HTTPServerResponse {
        guard let assertion = parameters["assertion"], !assertion.isEmpty else {
            return oauthError("invalid_request", "Missing required parameter: assertion")
        }
        let parts = assertion.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(String(parts[0])), let claimsData = Base64URL.decode(String(parts[1])),
            let signature = Base64URL.decode(String(parts[2])),
            case .object(let header)? = try? JSONValue(parsing: headerData), case .object(let claims)? = try? JSONValue(parsing: claimsData)
        else { return oauthError("invalid_grant", "Invalid JWT: the assertion is not a JWS compact serialization.") }
        guard header["alg"]?.stringValue == "RS256" else {
            return oauthError("invalid_grant", "Invalid JWT: only RS256 is accepted.")
        }
        guard let issuer = claims["iss"]?.stringValue,
            let account = state.configuration.serviceAccounts.first(where: { $0.email == issuer })
        else { return oauthError("invalid_grant", "Invalid JWT Signature.") }
        guard let publicKey = try? RSAPublicKey(pem: account.publicKeyPEM),
            publicKey.verifySHA256(
                signature: [UInt8](signature), message: Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8))
        else { return oauthError("invalid_grant", "Invalid JWT Signature.") }
        guard claims["aud"]?.stringValue == audience else {
            return oauthError("invalid_grant", "Invalid JWT: Failed audience check. The right audience is \(audience)")
        }
        let now = state.now.timeIntervalSince1970
        guard let issuedAt = claims["iat"]?.doubleValue, let expiry = claims["exp"]?.doubleValue,
            issuedAt <= now + 300, expiry > now, expiry > issuedAt, expiry - issuedAt <= 3600
        else {
            return oauthError(
                "invalid_grant",
                "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."
            )
        }
        guard let scope = claims["scope"]?.stringValue, !scope.isEmpty else {
            return oauthError("invalid_scope", "Invalid OAuth scope or ID token audience provided.")
        }
        if let subject = claims["sub"]?.stringValue, subject != issuer, !account.delegatedSubjects.contains(subject) {
            return oauthError(
                "unauthorized_client",
                "Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested."
            )
        }
        let scopes = Set(scope.split(separator: " ").map(String.init))
        let token = state.issueServiceAccountToken(email: claims["sub"]?.stringValue ?? issuer, scopes: scopes)
        // Like Google: no refresh token, no scope in the answer.
        return jsonResponse([
            "access_token": .string(token),
            "expires_in": .number(Double(Self.wholeSeconds(state.configuration.accessTokenLifetime))),
            "token_type": "Bearer",
        ])
    }

    // MARK: - Tokens for service accounts

    /// Issues an access token for a service account (or a delegated user), as the metadata server
    /// and IAM Credentials do.
    /// - Returns: The token and its lifetime in seconds.
    func issueServiceAccountToken(email: String, scopes: Set<String>, lifetime: TimeInterval? = nil) -> (token: String, expiresIn: Int64) {
        state.withLock { state in
            let token = state.issueServiceAccountToken(email: email, scopes: scopes, lifetime: lifetime)
            return (token, Int64(Self.wholeSeconds(lifetime ?? state.configuration.accessTokenLifetime)))
        }
    }

    /// The service account (or delegated user) a valid access token was issued to; `nil` for
    /// user tokens and unknown or expired tokens.
    public func principal(ofAccessToken token: String) -> String? {
        state.withLock { $0.validAccessToken(token)?.principal }
    }

    /// The token's record when it is valid.
    func accessTokenRecord(_ token: String) -> OAuthEmulatorState.AccessToken? {
        state.withLock { $0.validAccessToken(token) }
    }
}

extension OAuthEmulatorState {
    mutating func issueServiceAccountToken(email: String, scopes: Set<String>, lifetime: TimeInterval? = nil) -> String {
        let grant = newGrant()
        let issued = issue(clientID: email, scopes: scopes, grantID: grant, withRefreshToken: false)
        accessTokens[issued.access]?.principal = email
        if let lifetime {
            let expiry = now.addingTimeInterval(lifetime)
            accessTokens[issued.access]?.expiresAt = expiry
        }
        return issued.access
    }
}
