import Foundation
import GoogleJSON
public import GoogleAuth

// MARK: - Client configuration for tools

extension GoogleEmulator {
    /// A Cloud-Console-style client secret JSON (`{"installed": {...}}`) for the first configured
    /// OAuth client, with `auth_uri`/`token_uri` pointing at this emulator, so tools that read
    /// `GOOGLE_CLIENT_SECRET_FILE` talk to it.
    public func clientSecretJSON() -> Data {
        let client = configuration.oauth.clients.first ?? .testDesktopClient
        let endpoints = oauthEndpoints
        let installed = JSONValue.compactObject([
            ("client_id", .string(client.id)),
            ("project_id", .string("google-api-emulator")),
            ("auth_uri", .string(endpoints.authorization.absoluteString)),
            ("token_uri", .string(endpoints.token.absoluteString)),
            ("client_secret", client.secret.map(JSONValue.string)),
            ("redirect_uris", .array([.string("http://127.0.0.1")])),
        ])
        return JSONValue.members([("installed", installed)]).serialized
    }

    /// Writes ``clientSecretJSON()`` to `url` (readable by the owner only, it holds the secret).
    /// - Throws: when the file cannot be written.
    public func writeClientSecretFile(to url: URL) throws {
        try clientSecretJSON().write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// The endpoint overrides that point an opted-in app (one that uses `GoogleEnvironment`) at
    /// this emulator: every service's root and every OAuth endpoint.
    /// - Parameter clientSecretFile: Where ``writeClientSecretFile(to:)`` wrote the client, if it did.
    public func googleEnvironment(clientSecretFile: URL? = nil) -> GoogleEnvironment {
        let endpoints = oauthEndpoints
        return GoogleEnvironment(
            apiRootURL: rootURL, authorizationEndpoint: endpoints.authorization, tokenEndpoint: endpoints.token,
            revocationEndpoint: endpoints.revocation, deviceAuthorizationEndpoint: endpoints.deviceAuthorization,
            clientSecretFile: clientSecretFile)
    }

    /// Environment variables that point the SDK's tools (and apps that opt in with
    /// `GoogleEnvironment.fromProcess()`) at this emulator: ``googleEnvironment(clientSecretFile:)``
    /// as variables.
    /// - Parameter clientSecretFile: Where ``writeClientSecretFile(to:)`` wrote the client, if it did.
    public func environment(clientSecretFile: URL? = nil) -> [(name: String, value: String)] {
        googleEnvironment(clientSecretFile: clientSecretFile).variables
    }
}
