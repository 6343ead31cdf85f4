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
            guard let redirectURI = query["redirect_uri"] else {
                return errorPage("invalid_request", "Missing required parameter: redirect_uri", status: 400)
            }
            if let refusal = refusal(of: redirectURI, by: client) { return refusal }
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
            // An iOS client has no secret: only PKCE binds the code to the app that asked for it.
            if challenge == nil, configuration.requirePKCE || client.type == .iOS {
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

    /// What Google answers when `client` may not use `redirectURI`, checked by client type first
    /// (a kind of redirect the type never gets is `invalid_request`, whatever is registered), then
    /// against the registered redirects (`redirect_uri_mismatch`); `nil` when it may.
    private func refusal(of redirectURI: String, by client: Client) -> HTTPServerResponse? {
        let isLoopback = RedirectURIPattern.loopback().matches(redirectURI)
        switch client.type {
        case .iOS where isLoopback:
            // Blocked for iOS (and Android) clients since 2022.
            return errorPage(
                "invalid_request",
                "The loopback IP address flow is blocked for iOS clients: redirect to the app's reversed client ID scheme.",
                status: 400)
        case .desktop where !isLoopback && Self.isCustomScheme(redirectURI):
            return errorPage(
                "invalid_request",
                "Custom URI scheme is not supported for Desktop clients: redirect to the loopback IP address (http://127.0.0.1:<port>).",
                status: 400)
        default:
            break
        }
        guard client.allows(redirectURI: redirectURI) else {
            return errorPage(
                "redirect_uri_mismatch", "The redirect_uri is not registered for this client: \(redirectURI)", status: 400)
        }
        return nil
    }

    /// A private-use scheme (RFC 8252 §7.1): anything but http and https.
    static func isCustomScheme(_ uri: String) -> Bool {
        guard let colon = uri.firstIndex(of: ":") else { return false }
        let scheme = uri[..<colon].lowercased()
        return !scheme.isEmpty && scheme != "http" && scheme != "https"
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
                + "<p>Error \(status): \(code)</p><p>\(Self.escapingHTML(message))</p>", status: status)
    }

    /// The message names the request's redirect URI, which the requester chose.
    static func escapingHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
