import Foundation
import GoogleJSON

// MARK: - client_secret.json for the emulator

extension OAuthEmulator {
    /// A Cloud Console style `client_secret.json` (`installed` key) for a registered client, with
    /// `auth_uri` and `token_uri` pointing at the emulator, so sample apps can run unchanged
    /// against it.
    /// - Parameters:
    ///   - baseURL: Where the emulator is served, e.g. `http://127.0.0.1:8080`.
    ///   - clientID: The client to describe (the first configured one by default).
    /// - Returns: The JSON bytes, or `nil` when no such client is registered.
    public func clientSecretJSON(baseURL: URL, clientID: String? = nil) -> Data? {
        let configuration = self.configuration
        guard let client = clientID.map({ configuration.client(id: $0) }) ?? configuration.clients.first else { return nil }
        var installed: [String: JSONValue] = [
            "client_id": .string(client.id),
            "project_id": "emulator",
            "auth_uri": .string(baseURL.appendingPathComponent("o/oauth2/v2/auth").absoluteString),
            "token_uri": .string(baseURL.appendingPathComponent("token").absoluteString),
            "redirect_uris": ["http://localhost"],
        ]
        if let secret = client.secret { installed["client_secret"] = .string(secret) }
        return JSONValue.object(["installed": .object(installed)]).serialized
    }
}
