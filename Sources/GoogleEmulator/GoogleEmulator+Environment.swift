public import Foundation
import GoogleBase
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

    /// Environment variables that point the SDK's tools, and apps that opt in with GoogleAuth's
    /// `GoogleEnvironment`, at this emulator: every service's root and every OAuth endpoint.
    ///
    /// In an app (or a test) that signs in to the emulator in-process:
    /// ```swift
    /// let environment = try GoogleEnvironment(variables: emulator.environmentVariables(clientSecretFile: file))
    /// ```
    /// - Parameter clientSecretFile: Where ``writeClientSecretFile(to:)`` wrote the client, if it did.
    public func environment(clientSecretFile: URL? = nil) -> [(name: String, value: String)] {
        let endpoints = oauthEndpoints
        var result: [(name: String, value: String)] = [
            (GoogleEnvironmentVariable.apiRootURL, rootURL.absoluteString),
            (GoogleEnvironmentVariable.authorizationEndpoint, endpoints.authorization.absoluteString),
            (GoogleEnvironmentVariable.tokenEndpoint, endpoints.token.absoluteString),
            (GoogleEnvironmentVariable.revocationEndpoint, endpoints.revocation.absoluteString),
            (GoogleEnvironmentVariable.deviceAuthorizationEndpoint, endpoints.deviceAuthorization.absoluteString),
        ]
        if let clientSecretFile { result.append((GoogleEnvironmentVariable.clientSecretFile, clientSecretFile.path)) }
        return result
    }

    /// ``environment(clientSecretFile:)`` by name, the shape `GoogleEnvironment(variables:)` takes.
    /// - Parameter clientSecretFile: Where ``writeClientSecretFile(to:)`` wrote the client, if it did.
    public func environmentVariables(clientSecretFile: URL? = nil) -> [String: String] {
        Dictionary(environment(clientSecretFile: clientSecretFile).map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
