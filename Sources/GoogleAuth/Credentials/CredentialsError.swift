import Foundation
public import GoogleHTTPTypes

// MARK: - CredentialsError

/// Why credentials for a server, CI job or service account could not be found or could not
/// produce an access token.
///
/// `message` says what happened and `remedy` what to do. Neither ever holds a token, a private
/// key, a client secret or an API key, so errors are safe to log.
public struct CredentialsError: Error, Sendable, Hashable {
    /// What kind of failure this is: a growable set of values (like `OAuthError.Code`), so a
    /// later release can add codes without breaking a `switch` (which needs a `default`).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Application Default Credentials searched every place and found nothing.
        public static let notFound = Code(rawValue: "credentials_not_found")

        /// A credentials file could not be read: no permission, a directory, a device or FIFO,
        /// a symbolic link loop (``CredentialsError/message`` says which).
        public static let unreadableFile = Code(rawValue: "unreadable_credentials_file")

        /// A credentials file is not a JSON object, is too large, or a required field is missing or malformed.
        public static let malformedFile = Code(rawValue: "malformed_credentials_file")

        /// A credentials file's `type` is unknown.
        public static let unknownType = Code(rawValue: "unknown_credentials_type")

        /// A known kind of credentials this library does not support yet (`external_account`).
        public static let unsupportedType = Code(rawValue: "unsupported_credentials_type")

        /// The private key is not a PEM PKCS#8 (or PKCS#1) RSA key, is encrypted, or is truncated.
        public static let invalidPrivateKey = Code(rawValue: "invalid_private_key")

        /// No cryptography library could be loaded to sign with the key.
        public static let cryptoUnavailable = Code(rawValue: "crypto_unavailable")

        /// Signing failed inside the cryptography library.
        public static let signingFailed = Code(rawValue: "signing_failed")

        /// An endpoint would receive a secret over plain http to a host that is not loopback.
        public static let insecureEndpoint = Code(rawValue: "insecure_endpoint")

        /// The token endpoint answered with an OAuth error (`error`/`error_description`).
        public static let tokenEndpointError = Code(rawValue: "token_endpoint_error")

        /// An endpoint answered with something other than the expected JSON (an HTML page…).
        public static let unexpectedResponse = Code(rawValue: "unexpected_response")

        /// The metadata server could not be reached (not on Google Cloud).
        public static let metadataServerUnavailable = Code(rawValue: "metadata_server_unavailable")

        /// Something answered at the metadata server's address without `Metadata-Flavor: Google`.
        public static let metadataFlavorMissing = Code(rawValue: "metadata_flavor_missing")

        /// IAM Credentials refused to mint a token for the target service account.
        public static let impersonationFailed = Code(rawValue: "impersonation_failed")

        /// The request to an endpoint failed in transport (connection refused, timeout, a
        /// proxy…); ``CredentialsError/transportError`` holds the transport's error.
        public static let transport = Code(rawValue: "transport_error")

        /// A token source (token endpoint, metadata server, IAM Credentials, or a provider of the
        /// app's own) gave an access token that cannot be used: empty, not sendable in an HTTP
        /// header, or of a `token_type` other than Bearer. It was not stored or used.
        public static let unusableToken = Code(rawValue: "unusable_access_token")

        /// An endpoint's answer passed the size limit of credentials answers (1 MiB, counted
        /// after decoding); nothing of it was used.
        public static let responseTooLarge = Code(rawValue: "response_too_large")

        /// The answer points at this machine's clock: a JWT refused for its `iat`/`exp`, or a
        /// token that had expired when it arrived.
        public static let clockSkew = Code(rawValue: "clock_skew")
    }

    /// What kind of failure this is.
    public var code: Code
    /// What happened, without secrets.
    public var message: String
    /// What to do about it.
    public var remedy: String?
    /// The HTTP status, when an endpoint answered.
    public var status: Int?
    /// The endpoint the failed request went to, its secret query values masked; `nil` when no
    /// request was sent.
    public var endpoint: String?
    /// The transport's error, for ``Code/transport``.
    public var transportError: HTTPTransportError?
    /// How long the endpoint asked to wait before trying again (its `Retry-After`), when it did.
    public var retryAfter: Duration?

    /// - Parameters: See the properties.
    public init(
        _ code: Code, _ message: String, remedy: String? = nil, status: Int? = nil, endpoint: String? = nil,
        transportError: HTTPTransportError? = nil, retryAfter: Duration? = nil
    ) {
        self.code = code
        self.message = message
        self.remedy = remedy
        self.status = status
        self.endpoint = endpoint
        self.transportError = transportError
        self.retryAfter = retryAfter
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

// MARK: - Matching a code

extension CredentialsError.Code {
    /// Lets a code match an error in `catch` and `switch`: `catch CredentialsError.Code.notFound`.
    public static func ~= (code: CredentialsError.Code, error: any Error) -> Bool {
        (error as? CredentialsError)?.code == code
    }
}
