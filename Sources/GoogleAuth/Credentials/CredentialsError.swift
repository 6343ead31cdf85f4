import Foundation

// MARK: - CredentialsError

/// Why credentials for a server, CI job or service account could not be found or could not
/// produce an access token.
///
/// `message` says what happened and `remedy` what to do. Neither ever holds a token, a private
/// key, a client secret or an API key, so errors are safe to log.
public struct CredentialsError: Error, Sendable, Hashable {
    /// What kind of failure this is.
    public enum Code: String, Sendable, Hashable {
        /// Application Default Credentials searched every place and found nothing.
        case notFound = "credentials_not_found"
        /// A credentials file could not be read.
        case unreadableFile = "unreadable_credentials_file"
        /// A credentials file is not a JSON object, or a required field is missing or malformed.
        case malformedFile = "malformed_credentials_file"
        /// A credentials file's `type` is unknown.
        case unknownType = "unknown_credentials_type"
        /// A known kind of credentials this library does not support yet (`external_account`).
        case unsupportedType = "unsupported_credentials_type"
        /// The private key is not a PEM PKCS#8 (or PKCS#1) RSA key, or is truncated.
        case invalidPrivateKey = "invalid_private_key"
        /// No cryptography library could be loaded to sign with the key.
        case cryptoUnavailable = "crypto_unavailable"
        /// Signing failed inside the cryptography library.
        case signingFailed = "signing_failed"
        /// An endpoint would receive a secret over plain http to a host that is not loopback.
        case insecureEndpoint = "insecure_endpoint"
        /// The token endpoint answered with an OAuth error (`error`/`error_description`).
        case tokenEndpointError = "token_endpoint_error"
        /// An endpoint answered with something other than the expected JSON (an HTML page…).
        case unexpectedResponse = "unexpected_response"
        /// The metadata server could not be reached (not on Google Cloud).
        case metadataServerUnavailable = "metadata_server_unavailable"
        /// Something answered at the metadata server's address without `Metadata-Flavor: Google`.
        case metadataFlavorMissing = "metadata_flavor_missing"
        /// IAM Credentials refused to mint a token for the target service account.
        case impersonationFailed = "impersonation_failed"
        /// The request to an endpoint failed in transport (connection refused, timeout…).
        case transport = "transport_error"
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened, without secrets.
    public var message: String
    /// What to do about it.
    public var remedy: String?
    /// The HTTP status, when an endpoint answered.
    public var status: Int?

    /// - Parameters: See the properties.
    public init(_ code: Code, _ message: String, remedy: String? = nil, status: Int? = nil) {
        self.code = code
        self.message = message
        self.remedy = remedy
        self.status = status
    }
}

// MARK: - CustomStringConvertible

extension CredentialsError: CustomStringConvertible, LocalizedError {
    public var description: String {
        var text = message
        if let remedy { text += " — \(remedy)" }
        return text
    }

    public var errorDescription: String? { description }
}
