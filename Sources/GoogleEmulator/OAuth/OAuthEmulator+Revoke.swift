import Foundation
import LocalHTTPServer

// MARK: - Revocation endpoint (RFC 7009 as Google implements it)

extension OAuthEmulator {
    /// Revoking either token of a grant revokes the whole grant, as Google does.
    func handleRevoke(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let token = parameters(of: request)["token"]
        return state.withLock { state -> HTTPServerResponse in
            state.revokeRequestCount += 1
            guard let token else { return oauthError("invalid_request", "Missing required parameter: token") }
            let grant: Int?
            if let record = state.accessTokens[token], state.validAccessToken(token) != nil {
                grant = record.grantID
            } else if let record = state.validRefreshToken(token) {
                grant = record.grantID
            } else {
                grant = nil
            }
            guard let grant else { return oauthError("invalid_token", "Token expired or revoked") }
            state.revokedGrants.insert(grant)
            return jsonResponse([:])
        }
    }
}
