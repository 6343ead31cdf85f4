import Foundation
import GoogleBase
import LocalHTTPServer

// MARK: - Authorization endpoint

extension OAuthEmulator {
    /// Validates the request like Google does: problems with the client or redirect URI are shown
    /// as an error page (never redirected to an unverified URI); the user's decision is redirected.
    func handleAuthorization(_ request: HTTPServerRequest) -> HTTPServerResponse {
        let query = Dictionary(request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        return state.withLock { state -> HTTPServerResponse in
            state.authorizationRequestCount += 1
            let configuration = state.configuration
            guard let clientID = query["client_id"], let client = configuration.client(id: clientID) else {
                return errorPage("invalid_client", "The OAuth client was not found.", status: 401)
            }
            // Google blocks the loopback redirect for iOS (and Android) clients, which have no
            // secret, and answers invalid_request, not a mismatch.
            if client.secret == nil, let redirectURI = query["redirect_uri"], RedirectURIPattern.loopback().matches(redirectURI) {
                return errorPage(
                    "invalid_request", "The loopback flow has been blocked for this client type: use the app's custom URI scheme.",
                    status: 400)
            }
            guard let redirectURI = query["redirect_uri"], client.allows(redirectURI: redirectURI) else {
                return errorPage("redirect_uri_mismatch", "The redirect_uri is not registered for this client.", status: 400)
            }
            let stateValue = query["state"]
            guard query["response_type"] == "code" else {
                return redirect(to: redirectURI, ["error": "unsupported_response_type"], state: stateValue)
            }
            let scopes = Set((query["scope"] ?? "").split(separator: " ").map(String.init))
            guard !scopes.isEmpty else {
                return errorPage("invalid_request", "Missing required parameter: scope", status: 400)
            }
            let method = query["code_challenge_method"] ?? "plain"
            let challenge = query["code_challenge"]
            // A client without a secret (iOS) has only PKCE to bind the code to the app.
            if challenge == nil, configuration.requirePKCE || client.secret == nil {
                return errorPage("invalid_request", "Missing required parameter: code_challenge", status: 400)
            }
            guard method == "S256" || method == "plain" else {
                return errorPage("invalid_request", "Invalid code_challenge_method.", status: 400)
            }
            switch configuration.consent {
            case .deny:
                return redirect(to: redirectURI, ["error": "access_denied"], state: stateValue)
            case .error(let code):
                return redirect(to: redirectURI, ["error": code], state: stateValue)
            case .approve:
                let granted = configuration.grantedScopesOverride ?? scopes
                let code = "4/emu-" + OAuthEmulator.randomToken()
                state.codes[code] = OAuthEmulatorState.AuthorizationCode(
                    clientID: clientID, redirectURI: redirectURI, challenge: challenge, challengeMethod: method,
                    scopes: granted, expiresAt: state.now.addingTimeInterval(configuration.authorizationCodeLifetime))
                return redirect(
                    to: redirectURI, ["code": code, "scope": granted.sorted().joined(separator: " ")], state: stateValue)
            }
        }
    }

    private func redirect(to redirectURI: String, _ parameters: [String: String], state: String?) -> HTTPServerResponse {
        var pairs = parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let state { pairs.append(("state", state)) }
        let separator = redirectURI.contains("?") ? "&" : "?"
        return .redirect(to: redirectURI + separator + FormURLEncoding.encode(pairs))
    }

    private func errorPage(_ code: String, _ message: String, status: Int) -> HTTPServerResponse {
        .html(
            "<!doctype html><title>Error 400 (OAuth2 Error)</title><h1>Access blocked: Authorization Error</h1>"
                + "<p>Error \(status): \(code)</p><p>\(message)</p>", status: status)
    }
}
