import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - Token endpoint

extension OAuthEmulator {
    func handleToken(_ request: HTTPServerRequest) -> HTTPServerResponse {
        var parameters = parameters(of: request)
        if let basic = Self.basicCredentials(request.headers["Authorization"]) {
            parameters["client_id"] = parameters["client_id"] ?? basic.id
            parameters["client_secret"] = parameters["client_secret"] ?? basic.secret
        }
        let host = request.headers["Host"]
        return state.withLock { state -> HTTPServerResponse in
            state.tokenRequestCount += 1
            // Service accounts authenticate with a signed JWT, not a client ID (Credentials/).
            if parameters["grant_type"] == Self.jwtBearerGrant {
                return exchangeJWTBearer(parameters, audience: "http://\(host ?? "127.0.0.1")\(request.path)", state: &state)
            }
            guard let clientID = parameters["client_id"], let client = state.configuration.client(id: clientID) else {
                return oauthError("invalid_client", "The OAuth client was not found.", status: 401)
            }
            // A public client has nothing to authenticate with: a secret it sends is an
            // authentication method it does not have (RFC 6749 §5.2, invalid_client).
            if client.type == .iOS, let sent = parameters["client_secret"], !sent.isEmpty {
                return oauthError("invalid_client", "Unauthorized", status: 401)
            }
            if let secret = client.secret, parameters["client_secret"] != secret {
                return oauthError("invalid_client", "Unauthorized", status: 401)
            }
            switch parameters["grant_type"] {
            case "authorization_code":
                return exchangeCode(parameters, client: client, state: &state, host: host)
            case "refresh_token":
                state.refreshRequestCount += 1
                return refresh(parameters, client: client, state: &state)
            case "urn:ietf:params:oauth:grant-type:device_code":
                return pollDevice(parameters, client: client, state: &state, host: host)
            case nil:
                return oauthError("unsupported_grant_type", "Missing grant_type")
            default:
                return oauthError("unsupported_grant_type", "Invalid grant_type")
            }
        }
    }

    private func exchangeCode(
        _ parameters: [String: String], client: Client, state: inout OAuthEmulatorState, host: String?
    ) -> HTTPServerResponse {
        guard let code = parameters["code"], var record = state.codes[code], record.clientID == client.id else {
            return oauthError("invalid_grant", "Malformed auth code.")
        }
        if record.used {
            // RFC 6749 §4.1.2: a replayed code revokes everything issued from it.
            if let grant = record.grantID { state.revokedGrants.insert(grant) }
            return oauthError("invalid_grant", "Bad Request")
        }
        record.used = true
        state.codes[code] = record
        guard record.expiresAt > state.now else { return oauthError("invalid_grant", "Bad Request") }
        guard parameters["redirect_uri"] == record.redirectURI else {
            return oauthError("redirect_uri_mismatch", "Bad Request")
        }
        if let challenge = record.challenge {
            guard let verifier = parameters["code_verifier"] else {
                return oauthError("invalid_request", "Missing code verifier.")
            }
            let computed = record.challengeMethod == "S256" ? Base64URL.encode(SHA256.hash(verifier.utf8)) : verifier
            guard PKCEVerifier.isValid(verifier), computed == challenge else {
                return oauthError("invalid_grant", "Invalid code verifier.")
            }
        }
        let grant = state.newGrant()
        state.codes[code]?.grantID = grant
        let issued = state.issue(clientID: client.id, scopes: record.scopes, grantID: grant, withRefreshToken: true)
        return tokenResponse(issued, scopes: record.scopes, client: client, state: state, host: host)
    }

    private func refresh(_ parameters: [String: String], client: Client, state: inout OAuthEmulatorState) -> HTTPServerResponse {
        guard let token = parameters["refresh_token"] else {
            return oauthError("invalid_request", "Missing required parameter: refresh_token")
        }
        guard let record = state.validRefreshToken(token), record.clientID == client.id else {
            return oauthError("invalid_grant", "Token has been expired or revoked.")
        }
        var scopes = record.scopes
        if let requested = parameters["scope"] {
            let narrowed = Set(requested.split(separator: " ").map(String.init))
            guard narrowed.isSubset(of: record.scopes) else { return oauthError("invalid_scope", "Bad Request") }
            scopes = narrowed
        }
        // Like Google, a refresh answer carries no new refresh token.
        let issued = state.issue(clientID: client.id, scopes: scopes, grantID: record.grantID, withRefreshToken: false)
        var body = baseTokenBody(access: issued.access, scopes: scopes, state: state)
        if let expiresAt = record.expiresAt {
            body["refresh_token_expires_in"] = .integer(Self.wholeSeconds(expiresAt.timeIntervalSince(state.now)))
        }
        return jsonResponse(body)
    }

    func tokenResponse(
        _ issued: (access: String, refresh: String?, refreshExpiresIn: TimeInterval?), scopes: Set<String>,
        client: Client, state: OAuthEmulatorState, host: String?
    ) -> HTTPServerResponse {
        var body = baseTokenBody(access: issued.access, scopes: scopes, state: state)
        if let refresh = issued.refresh { body["refresh_token"] = .string(refresh) }
        if let lifetime = issued.refreshExpiresIn { body["refresh_token_expires_in"] = .integer(Self.wholeSeconds(lifetime)) }
        if !scopes.isDisjoint(with: ["openid", "email", "profile"]) {
            body["id_token"] = .string(makeIDToken(clientID: client.id, configuration: state.configuration, now: state.now))
        }
        return jsonResponse(body)
    }

    private func baseTokenBody(access: String, scopes: Set<String>, state: OAuthEmulatorState) -> [String: JSONValue] {
        [
            "access_token": .string(access),
            "expires_in": .integer(Self.wholeSeconds(state.configuration.accessTokenLifetime)),
            "scope": .string(scopes.sorted().joined(separator: " ")),
            "token_type": "Bearer",
        ]
    }

    /// An unsigned JWT (`alg: none`) with the configured user's claims. Test-only by design.
    func makeIDToken(clientID: String, configuration: Configuration, now: Date) -> String {
        let header: JSONValue = ["alg": "none", "typ": "JWT"]
        let issuedAt = ClampedNumber.int(now.timeIntervalSince1970) ?? 0
        let claims: JSONValue = [
            "iss": "https://accounts.google.com", "azp": .string(clientID), "aud": .string(clientID),
            "sub": .string(configuration.userSubject), "email": .string(configuration.userEmail), "email_verified": true,
            "iat": .integer(issuedAt), "exp": .integer(issuedAt + 3600),
        ]
        func segment(_ object: JSONValue) -> String {
            Base64URL.encode(object.serialized)
        }
        return segment(header) + "." + segment(claims) + "."
    }

    static func basicCredentials(_ header: String?) -> (id: String, secret: String)? {
        guard let header, header.lowercased().hasPrefix("basic "),
            let decoded = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
            let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        let id = FormURLEncoding.percentDecode(String(text[..<colon]))
        let secret = FormURLEncoding.percentDecode(String(text[text.index(after: colon)...]))
        return (id, secret)
    }
}
