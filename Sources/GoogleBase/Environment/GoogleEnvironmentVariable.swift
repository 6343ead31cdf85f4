// MARK: - GoogleEnvironmentVariable

/// The names of the endpoint-override variables, shared by the client side (GoogleAuth's
/// `GoogleEnvironment`, which reads them when an app opts in) and the emulator (which prints
/// them), so neither has to depend on the other: the emulator links no HTTP client.
package enum GoogleEnvironmentVariable {
    package static let apiRootURL = "GOOGLE_API_ROOT_URL"
    package static let authorizationEndpoint = "GOOGLE_OAUTH_AUTH_URI"
    package static let tokenEndpoint = "GOOGLE_OAUTH_TOKEN_URI"
    package static let revocationEndpoint = "GOOGLE_OAUTH_REVOKE_URI"
    package static let deviceAuthorizationEndpoint = "GOOGLE_OAUTH_DEVICE_URI"
    package static let clientSecretFile = "GOOGLE_CLIENT_SECRET_FILE"
    /// A PEM bundle of CAs to trust for every request, ours; wins over `SSL_CERT_FILE`.
    package static let caBundle = "GOOGLE_API_CA_BUNDLE"
    /// OpenSSL's (and Go's) variable for a PEM bundle of trusted CAs.
    package static let sslCertificateFile = "SSL_CERT_FILE"
    /// OpenSSL's (and Go's) variable for a directory of hashed CA certificates.
    package static let sslCertificateDirectory = "SSL_CERT_DIR"
}
