import Foundation
import GoogleCrypto

// MARK: - ServiceAccountKey

/// A service account key file's content (`"type": "service_account"`), with its RSA private key
/// already read and checked. `description` shows the account and key ID, never the key.
public struct ServiceAccountKey: Sendable, CustomStringConvertible {
    /// The service account's email (`client_email`): the JWT's `iss`.
    public var clientEmail: String
    /// `private_key_id`, sent as the JWT header's `kid`.
    public var privateKeyID: String?
    /// `token_uri`: where the JWT is exchanged, and the JWT's `aud`.
    public var tokenURI: URL
    public var projectID: String?
    public var quotaProjectID: String?
    let privateKey: RSAPrivateKey

    /// Reads a key file's content.
    /// - Throws: ``CredentialsError``: `.malformedFile`, `.invalidPrivateKey`, `.cryptoUnavailable`,
    ///   `.insecureEndpoint` (a `token_uri` with plain http to a host that is not loopback).
    public init(jsonData data: Data) throws {
        guard case .serviceAccount(let key) = try CredentialsFile(jsonData: data, origin: "the service account key") else {
            throw CredentialsError(.malformedFile, "the file is not a service account key (its type is not service_account)")
        }
        self = key
    }

    init(fields: CredentialsFile.Fields) throws(CredentialsError) {
        clientEmail = try fields.required("client_email")
        privateKeyID = try fields.optional("private_key_id")
        tokenURI = try fields.url("token_uri", default: OAuthEndpoints.googleToken)
        projectID = try fields.optional("project_id")
        quotaProjectID = try fields.optional("quota_project_id")
        try CredentialsHTTP.requireSecure(tokenURI, "token_uri of \(fields.origin)")
        let pem = try fields.required("private_key")
        do {
            privateKey = try RSAPrivateKey(pem: pem)
        } catch {
            throw CredentialsError(
                error.code == .libraryUnavailable ? .cryptoUnavailable : .invalidPrivateKey,
                "\(fields.origin): the private_key cannot be used: \(error.message)",
                remedy: error.code == .libraryUnavailable ? nil : "create and download a new JSON key for the service account")
        }
    }

    public var description: String {
        "ServiceAccountKey(\(clientEmail), key id \(privateKeyID ?? "none"), token_uri \(tokenURI.absoluteString), private key <redacted>)"
    }
}
