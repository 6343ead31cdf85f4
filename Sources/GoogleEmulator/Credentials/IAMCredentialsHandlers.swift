import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - IAMCredentialsHandlers

/// IAM Credentials `projects.serviceAccounts.generateAccessToken`:
/// `POST /v1/projects/-/serviceAccounts/EMAIL:generateAccessToken` with `{"scope": [...],
/// "delegates": [...], "lifetime": "3600s"}`, authorized by a valid token with the
/// `cloud-platform` or `iam` scope. The target and every delegate must be configured service
/// accounts (404 otherwise); lifetimes over one hour are refused (400), as without an
/// organization policy exception.
struct IAMCredentialsHandlers: Sendable {
    let context: EmulatorContext
    static let scopes = ["https://www.googleapis.com/auth/cloud-platform", "https://www.googleapis.com/auth/iam"]

    func register(in router: inout HTTPRouter) {
        router.post("/v1/projects/{project}/serviceAccounts/{nameAndMethod}") { request, parameters in
            await generateAccessToken(request, parameters["nameAndMethod"] ?? "")
        }
    }

    private func generateAccessToken(_ request: HTTPServerRequest, _ nameAndMethod: String) async -> HTTPServerResponse {
        await context.authorized(request, scopes: Self.scopes) {
            guard nameAndMethod.hasSuffix(":generateAccessToken") else {
                return GoogleErrorResponse.notFound("Method not found.")
            }
            let target = String(nameAndMethod.dropLast(":generateAccessToken".count))
            let accounts = context.oauth.configuration.serviceAccounts.map(\.email)
            guard accounts.contains(target) else {
                return GoogleErrorResponse.make(
                    status: 404, reason: "notFound", message: "Not found; Gaia id not found for email \(target)")
            }
            guard let body = await request.jsonBody(), case .array(let scopeValues)? = body["scope"] else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "badRequest", message: "Request contains an invalid argument: scope is required.")
            }
            let scopes = scopeValues.compactMap(\.stringValue)
            guard !scopes.isEmpty else {
                return GoogleErrorResponse.make(
                    status: 400, reason: "badRequest", message: "Request contains an invalid argument: scope is required.")
            }
            if case .array(let delegates)? = body["delegates"] {
                for delegate in delegates.compactMap(\.stringValue) {
                    let email = delegate.split(separator: "/").last.map(String.init) ?? delegate
                    guard accounts.contains(email) else {
                        return GoogleErrorResponse.make(
                            status: 404, reason: "notFound", message: "Not found; Gaia id not found for delegate \(email)")
                    }
                }
            }
            var lifetime: TimeInterval = 3600
            if let text = body["lifetime"]?.stringValue {
                guard text.hasSuffix("s"), let seconds = TimeInterval(text.dropLast()), seconds > 0, seconds <= 3600 else {
                    return GoogleErrorResponse.make(
                        status: 400, reason: "badRequest",
                        message: "Request contains an invalid argument: lifetime must be between 1s and 3600s.")
                }
                lifetime = seconds
            }
            let issued = context.oauth.issueServiceAccountToken(email: target, scopes: Set(scopes), lifetime: lifetime)
            let expiry = context.oauth.now.addingTimeInterval(lifetime)
            let answer: JSONValue = ["accessToken": .string(issued.token), "expireTime": .string(RFC3339.format(expiry))]
            return .json(answer.serialized)
        }
    }
}
