import Foundation
import GoogleJSON
public import LocalHTTPServer

// MARK: - Checking API requests

extension OAuthEmulator {
    /// Checks an API request's bearer token (`Authorization: Bearer …` or the `access_token` query parameter).
    /// - Parameters:
    ///   - request: The API request.
    ///   - scopes: Scopes any one of which allows the call (a Discovery method's `scopes`); empty means any valid token.
    /// - Returns: `.allowed` with the token's subject and scopes, or `.denied` with Google's 401/403 response.
    public func authorize(_ request: HTTPServerRequest, anyOf scopes: [String]) -> AccessCheck {
        guard let token = Self.bearerToken(in: request) else { return .denied(Self.unauthenticated()) }
        return state.withLock { state -> AccessCheck in
            guard let record = state.validAccessToken(token) else { return .denied(Self.unauthenticated()) }
            guard scopes.isEmpty || !record.scopes.isDisjoint(with: scopes) else {
                return .denied(Self.insufficientScopes(scopes))
            }
            return .allowed(subject: state.configuration.userSubject, scopes: record.scopes)
        }
    }

    static func bearerToken(in request: HTTPServerRequest) -> String? {
        if let header = request.headers["Authorization"] {
            let parts = header.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return request.queryValue("access_token")
    }

    static func unauthenticated() -> HTTPServerResponse {
        let body: JSONValue = [
            "error": [
                "code": 401,
                "message":
                    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
                "errors": [
                    [
                        "message": "Invalid Credentials", "domain": "global", "reason": "authError",
                        "location": "Authorization", "locationType": "header",
                    ]
                ],
                "status": "UNAUTHENTICATED",
            ]
        ]
        return googleError(body, status: 401, authenticate: "Bearer realm=\"https://accounts.google.com/\", error=\"invalid_token\"")
    }

    static func insufficientScopes(_ scopes: [String]) -> HTTPServerResponse {
        let body: JSONValue = [
            "error": [
                "code": 403,
                "message": "Request had insufficient authentication scopes.",
                "errors": [["message": "Insufficient Permission", "domain": "global", "reason": "insufficientPermissions"]],
                "status": "PERMISSION_DENIED",
            ]
        ]
        let scopeList = scopes.joined(separator: " ")
        return googleError(
            body, status: 403,
            authenticate: "Bearer realm=\"https://accounts.google.com/\", error=\"insufficient_scope\", scope=\"\(scopeList)\"")
    }

    private static func googleError(_ body: JSONValue, status: Int, authenticate: String) -> HTTPServerResponse {
        let data = body.serialized
        var response = HTTPServerResponse.json(data, status: status)
        response.headers["WWW-Authenticate"] = authenticate
        return response
    }
}
