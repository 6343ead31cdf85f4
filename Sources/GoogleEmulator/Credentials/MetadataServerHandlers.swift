import Foundation
import GoogleHTTPTypes
import GoogleJSON
import LocalHTTPServer

// MARK: - MetadataServerHandlers

/// The metadata server mode (``GoogleEmulator/Configuration/metadataServer``): the default service
/// account's token (`?scopes=` honoured), email and the project ID. Every request must carry
/// `Metadata-Flavor: Google` (403 otherwise) and every answer does too, unless the configuration
/// imitates an impostor.
struct MetadataServerHandlers: Sendable {
    let context: EmulatorContext

    func register(in router: inout HTTPRouter) {
        router.get("/") { request, _ in answer(request) { _ in .text("computeMetadata/\n") } }
        router.get("/computeMetadata/v1/instance/service-accounts/default/token") { request, _ in
            answer(request) { configuration in token(request, configuration) }
        }
        router.get("/computeMetadata/v1/instance/service-accounts/default/email") { request, _ in
            answer(request) { .text($0.serviceAccountEmail) }
        }
        router.get("/computeMetadata/v1/project/project-id") { request, _ in
            answer(request) { .text($0.projectID) }
        }
    }

    private func answer(
        _ request: HTTPServerRequest, _ body: (MetadataServerConfiguration) -> HTTPServerResponse
    ) -> HTTPServerResponse {
        guard let configuration = context.configuration.metadataServer else {
            return GoogleErrorResponse.notFound("The requested URL \(request.path) was not found on this server.")
        }
        var response: HTTPServerResponse
        if request.headers["Metadata-Flavor"] == "Google" {
            response = body(configuration)
        } else {
            response = .text("Missing required header: Metadata-Flavor", status: 403)
        }
        if configuration.sendsMetadataFlavor { response.headers["Metadata-Flavor"] = "Google" }
        return response
    }

    private func token(_ request: HTTPServerRequest, _ configuration: MetadataServerConfiguration) -> HTTPServerResponse {
        let requested = request.queryValue("scopes").map { $0.split(separator: ",").map(String.init) } ?? []
        let scopes = Set(requested.isEmpty ? configuration.defaultScopes : requested)
        let issued = context.oauth.issueServiceAccountToken(email: configuration.serviceAccountEmail, scopes: scopes)
        let body: JSONValue = [
            "access_token": .string(issued.token), "expires_in": .number(Double(issued.expiresIn)), "token_type": "Bearer",
        ]
        return .json(body.serialized)
    }
}
