import Foundation
import GoogleBase
import GoogleHTTPTypes
import GoogleJSON

// MARK: - OAuthClientConfiguration

/// An OAuth client as registered in the Google Cloud Console: its ID, optional secret, endpoints
/// and redirect URIs.
///
/// Load the downloaded `client_secret_*.json` with ``init(contentsOf:endpoints:)`` or build one in code.
/// `description` never shows the client secret.
public struct OAuthClientConfiguration: Sendable, Hashable {
    /// The OAuth client ID (`…apps.googleusercontent.com`).
    public var clientID: String
    /// Desktop clients have a secret that is not really secret (it ships with the app); Google still
    /// expects it at the token endpoint. `nil` for clients without one.
    public var clientSecret: String?
    /// Where the authorization, token, revocation and device endpoints are.
    public var endpoints: OAuthEndpoints
    /// The redirect URIs from the client file (informational; the loopback flow builds its own).
    /// For an iOS client, the first is where the app sign-in redirects.
    public var redirectURIs: [String]
    /// Which kind of client the Cloud Console registered, which decides the sign-in it may use:
    /// ``ClientType/desktop`` (the default, and what a downloaded `installed` file is) or
    /// ``ClientType/iOS`` (``iOS(clientID:redirectURI:endpoints:)``).
    public var clientType: ClientType = .desktop

    /// - Parameters:
    ///   - clientID: The OAuth client ID.
    ///   - clientSecret: The client secret, if the client has one.
    ///   - endpoints: Where the OAuth server lives (Google by default).
    ///   - redirectURIs: Registered redirect URIs.
    public init(clientID: String, clientSecret: String? = nil, endpoints: OAuthEndpoints = .google, redirectURIs: [String] = []) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.endpoints = endpoints
        self.redirectURIs = redirectURIs
    }

    /// Loads a client-secret JSON file as downloaded from the Cloud Console.
    /// - Parameters:
    ///   - url: The file.
    ///   - endpoints: Endpoints to start from; the file's `auth_uri` and `token_uri` replace the
    ///     authorization and token endpoints.
    /// - Throws: ``OAuthError/Code/invalidClientConfiguration`` naming the offending key,
    ///   or with path `(file)` when the file cannot be read.
    public init(contentsOf url: URL, endpoints: OAuthEndpoints = .google) throws {
        // Read like a credentials file (non-blocking open, regular files only, bounded): a FIFO
        // or device planted at the path must not hang the tool that loads it. No privacy check:
        // an installed app's client secret is not confidential, and downloads arrive 0644.
        let data: Data?
        do {
            data = try CredentialsFileReader.read(url.path, origin: url.path, limit: 64 * 1024, document: "a client secret file")
        } catch {
            throw OAuthError.invalidClientConfiguration(
                path: "(file)", reason: "\(error.message); point it at the client_secret_*.json downloaded from the Cloud Console")
        }
        guard let data else {
            throw OAuthError.invalidClientConfiguration(path: "(file)", reason: "cannot read \(url.path): no such file")
        }
        try self.init(jsonData: data, endpoints: endpoints)
    }

    /// Parses client-secret JSON: `{"installed": {...}}` (Desktop) or `{"web": {...}}`.
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - endpoints: Endpoints to start from (see ``init(contentsOf:endpoints:)``).
    /// - Throws: ``OAuthError/Code/invalidClientConfiguration`` naming the offending key.
    public init(jsonData data: Data, endpoints: OAuthEndpoints = .google) throws {
        guard let root = try? JSONValue(parsing: data) else {
            throw OAuthError.invalidClientConfiguration(path: "$", reason: "not valid JSON")
        }
        guard case .object(let object) = root else {
            throw OAuthError.invalidClientConfiguration(path: "$", reason: "expected a JSON object")
        }
        let key: String
        if object["installed"] != nil {
            key = "installed"
        } else if object["web"] != nil {
            key = "web"
        } else {
            throw OAuthError.invalidClientConfiguration(path: "installed", reason: "missing \"installed\" (or \"web\") object")
        }
        guard case .object(let client)? = object[key] else {
            throw OAuthError.invalidClientConfiguration(path: key, reason: "expected a JSON object")
        }
        let reader = ClientFileReader(prefix: key, object: client)
        let clientID = try reader.requiredString("client_id")
        guard !clientID.isEmpty else {
            throw OAuthError.invalidClientConfiguration(path: "\(key).client_id", reason: "must not be empty")
        }
        var resolved = endpoints
        if let auth = try reader.optionalURL("auth_uri") { resolved.authorization = auth }
        if let token = try reader.optionalURL("token_uri") { resolved.token = token }
        self.init(
            clientID: clientID, clientSecret: try reader.optionalString("client_secret"), endpoints: resolved,
            redirectURIs: try reader.optionalStringArray("redirect_uris"))
    }
}

// MARK: - ClientFileReader

/// Reads typed values from the client object, naming the JSON path in every error.
private struct ClientFileReader {
    let prefix: String
    let object: [String: JSONValue]

    func requiredString(_ key: String) throws -> String {
        guard let value = object[key] else {
            throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)", reason: "missing")
        }
        guard let string = value.stringValue else {
            throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)", reason: "expected a string")
        }
        return string
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = object[key], value != .null else { return nil }
        return try requiredString(key)
    }

    func optionalURL(_ key: String) throws -> URL? {
        guard let string = try optionalString(key) else { return nil }
        guard let url = URL(string: string), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)", reason: "expected an http(s) URL")
        }
        // Codes, secrets and tokens go to these endpoints: plain http only to the local machine.
        do {
            try CredentialDestination.requireSecureTransport(url)
        } catch {
            throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)", reason: error.reason)
        }
        return url
    }

    func optionalStringArray(_ key: String) throws -> [String] {
        guard let value = object[key], value != .null else { return [] }
        guard case .array(let array) = value else {
            throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)", reason: "expected an array of strings")
        }
        return try array.enumerated().map { index, element in
            guard let string = element.stringValue else {
                throw OAuthError.invalidClientConfiguration(path: "\(prefix).\(key)[\(index)]", reason: "expected a string")
            }
            return string
        }
    }
}

// MARK: - CustomStringConvertible

extension OAuthClientConfiguration: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "OAuthClientConfiguration(clientID: \(clientID), clientSecret: \(clientSecret == nil ? "none" : "<redacted>"), "
            + "authorization: \(endpoints.authorization), token: \(endpoints.token))"
    }

    public var debugDescription: String { description }
}
