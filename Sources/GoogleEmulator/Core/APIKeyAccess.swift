import Foundation
import GoogleJSON
import LocalHTTPServer

// MARK: - API keys

extension GoogleEmulator {
    /// The API key the emulator accepts by default. **Test-only**: not a Google key.
    public static let testAPIKey = "AIzaSy-emulator-test-api-key-not-real"
}

extension EmulatorContext {
    /// Runs `body` for a method Google lets callers use with an API key (public data): with a
    /// bearer token it is checked as usual (`scopes`); otherwise an accepted key in
    /// `x-goog-api-key` (or the `key` parameter) allows it, a wrong key is answered 400 and no
    /// credentials at all 403, as Google does. `body` learns whether the caller is anonymous.
    func publicAccess(
        _ request: HTTPServerRequest, scopes: [String], _ body: (_ anonymous: Bool) async -> HTTPServerResponse
    ) async -> HTTPServerResponse {
        if request.headers["Authorization"] != nil || request.queryValue("access_token") != nil {
            return await authorized(request, scopes: scopes) { await body(false) }
        }
        guard let key = request.headers["x-goog-api-key"] ?? request.queryValue("key") else {
            return GoogleErrorResponse.make(
                status: 403, reason: "forbidden",
                message:
                    "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API."
            )
        }
        guard configuration.apiKeys.contains(key) else {
            return GoogleErrorResponse.make(
                status: 400, reason: "badRequest", message: "API key not valid. Please pass a valid API key.")
        }
        return await body(true)
    }
}
