import Foundation
import GoogleJSON

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

    /// Environment variables that point the SDK's tools at this emulator.
    /// - Parameter clientSecretFile: Where ``writeClientSecretFile(to:)`` wrote the client, if it did.
    public func environment(clientSecretFile: URL? = nil) -> [(name: String, value: String)] {
        var variables: [(name: String, value: String)] = [
            ("GOOGLE_API_ROOT_URL", rootURL.absoluteString),
            ("GOOGLE_OAUTH_REVOKE_URI", oauthEndpoints.revocation.absoluteString),
        ]
        if let clientSecretFile { variables.append(("GOOGLE_CLIENT_SECRET_FILE", clientSecretFile.path)) }
        return variables
    }
}
