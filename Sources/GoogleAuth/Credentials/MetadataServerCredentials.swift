import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes

// MARK: - MetadataServerCredentials

/// The credentials of the service account attached to a Compute Engine VM, Cloud Run service, GKE
/// workload (workload identity) or Cloud Function, from the metadata server:
/// `GET http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`
/// with `Metadata-Flavor: Google`, whose answer must carry `Metadata-Flavor: Google` too.
///
/// `GCE_METADATA_HOST` replaces the host (`host` or `host:port`), as in Google's libraries.
public struct MetadataServerCredentials: CredentialsProvider {
    /// The default host.
    public static let defaultHost = "metadata.google.internal"
    /// `host` or `host:port`.
    public let host: String
    /// Scopes asked for (`?scopes=`); empty for the account's default scopes.
    public let scopes: [String]
    public let quotaProjectID: String?
    /// The limits of each request to the metadata server (``defaultTimeouts`` unless given).
    public let timeouts: HTTPTimeouts
    let transport: any HTTPTransport

    /// Each request's limits: the metadata server is on a local link and answers in
    /// milliseconds, so a few seconds tell a silent one. A session's retries (five attempts under
    /// the default `RetryPolicy` (GoogleAPIRuntime)) then end within about 30 s, not the minutes a general
    /// request timeout per attempt would take.
    public static let defaultTimeouts = HTTPTimeouts(connect: .seconds(2), request: .seconds(4), stall: .seconds(4))

    /// - Parameters:
    ///   - host: `host` or `host:port` of the metadata server.
    ///   - scopes: Scopes for the tokens; empty uses the scopes the instance was given.
    ///   - quotaProjectID: A project billed for quota, or `nil`.
    ///   - timeouts: The limits of each request (``defaultTimeouts``: seconds, for a local link).
    ///   - transport: Carries the requests.
    public init(
        host: String = MetadataServerCredentials.defaultHost, scopes: [String] = [], quotaProjectID: String? = nil,
        timeouts: HTTPTimeouts = MetadataServerCredentials.defaultTimeouts, transport: any HTTPTransport = DefaultHTTPTransport.shared
    ) {
        self.host = host
        self.scopes = scopes
        self.quotaProjectID = quotaProjectID
        self.timeouts = timeouts
        self.transport = transport
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        var path = "instance/service-accounts/default/token"
        if !scopes.isEmpty { path += "?scopes=" + PercentEncoding.encodeUnreserved(scopes.joined(separator: ",")) }
        let response = try await get(path)
        return try CredentialsHTTP.oauthToken(
            response, now: request.now, scopes: Set(scopes), "metadata server at \(host)",
            endpoint: "http://\(host)/computeMetadata/v1/instance/service-accounts/default/token")
    }

    public func summary() async -> CredentialsSummary {
        let email = try? await text("instance/service-accounts/default/email")
        return CredentialsSummary(
            kind: .metadataServer, source: "the metadata server (\(host))", account: email, quotaProjectID: quotaProjectID)
    }

    /// The project the instance runs in.
    /// - Throws: ``CredentialsError``.
    public func projectID() async throws -> String {
        try await text("project/project-id")
    }

    // MARK: - Requests

    private func text(_ path: String) async throws -> String {
        let response = try await get(path)
        guard response.status == 200, let text = String(data: response.body, encoding: .utf8), text.count < 1024 else {
            throw CredentialsHTTP.unexpected(response, "metadata server at \(host)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// GET `/computeMetadata/v1/<path>`, checking the answer's `Metadata-Flavor`.
    private func get(_ path: String) async throws -> GoogleHTTPResponse {
        guard let url = URL(string: "http://\(host)/computeMetadata/v1/\(path)") else {
            throw CredentialsError(.metadataServerUnavailable, "the metadata server host \"\(host)\" is not valid")
        }
        let request = GoogleHTTPRequest(
            method: .get, url: url, headers: ["Metadata-Flavor": "Google"], timeouts: timeouts)
        let response = try await CredentialsHTTP.send(request, transport, "metadata server at \(host)")
        try Self.requireFlavor(response, host: host)
        return response
    }

    static func requireFlavor(_ response: GoogleHTTPResponse, host: String) throws(CredentialsError) {
        guard response.headers["Metadata-Flavor"] == "Google" else {
            throw CredentialsError(
                .metadataFlavorMissing,
                "something answered at \(host) without \"Metadata-Flavor: Google\", so it is not a Google metadata server; nothing from it is used",
                remedy: "check GCE_METADATA_HOST, or what answers for metadata.google.internal on this network", status: response.status)
        }
    }
}
