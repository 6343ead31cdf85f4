public import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes

// MARK: - GoogleEnvironment

/// Endpoint overrides from environment variables, for apps that opt in: point every service and
/// the OAuth client at the local emulator (or a proxy, a regional endpoint) without code changes,
/// as Google's own libraries do with their `*_EMULATOR_HOST` variables.
///
/// Nothing in the library reads these variables by itself: an app that never builds a
/// `GoogleEnvironment` talks to Google whatever the environment says, so a variable alone can
/// never redirect where its tokens go. Opting in is one value, used in two places:
///
/// ```swift
/// let environment = try GoogleEnvironment.fromProcess()             // the opt-in
/// let client = OAuthClient(configuration: try environment.clientConfiguration())
/// let session = AuthorizedSession(
///     credentials: store, refresher: client,
///     configuration: .init(apiRootURL: environment.apiRootURL))    // every service built on it
/// ```
///
/// | variable | replaces |
/// | --- | --- |
/// | `GOOGLE_API_ROOT_URL` | every service's root URL (`https://www.googleapis.com/`) |
/// | `GOOGLE_OAUTH_AUTH_URI` | the authorization endpoint (also the client file's `auth_uri`) |
/// | `GOOGLE_OAUTH_TOKEN_URI` | the token endpoint (also the client file's `token_uri`) |
/// | `GOOGLE_OAUTH_REVOKE_URI` | the revocation endpoint |
/// | `GOOGLE_OAUTH_DEVICE_URI` | the device authorization endpoint |
/// | `GOOGLE_CLIENT_SECRET_FILE` | the client secret JSON that ``clientConfiguration(file:)`` loads |
/// | `GOOGLE_API_CA_BUNDLE`, else `SSL_CERT_FILE` | the trusted CAs (a PEM bundle), see ``transportConfiguration(_:)`` |
/// | `SSL_CERT_DIR` | the trusted CAs (a directory of hashed certificates) |
/// | `GOOGLE_API_TRANSPORT` | the transport, `urlsession` or `curl` (``makeTransport()``; default: the platform's) |
///
/// The CA variables are for networks whose proxy inspects TLS with its own CA: as with OpenSSL
/// and Go, the bundle replaces the system's trusted CAs, so it must hold every CA to trust (the
/// system's bundle with the proxy's CA appended). A variable naming nothing is an error, not
/// ignored: the certificate check would fail later with a less helpful message.
///
/// `google-api-emulator` prints all of them. Every URL must be `https`, or plain `http` to a
/// loopback host (`127.0.0.0/8`, `::1`, `localhost`): tokens, codes and the client secret go there.
/// An empty variable counts as unset.
public struct GoogleEnvironment: Sendable, Hashable {
    /// Replaces every service's root URL.
    public var apiRootURL: URL?
    /// Replaces the OAuth authorization endpoint.
    public var authorizationEndpoint: URL?
    /// Replaces the OAuth token endpoint.
    public var tokenEndpoint: URL?
    /// Replaces the OAuth revocation endpoint.
    public var revocationEndpoint: URL?
    /// Replaces the OAuth device authorization endpoint.
    public var deviceAuthorizationEndpoint: URL?
    /// The Cloud Console client secret JSON.
    public var clientSecretFile: URL?
    /// A PEM bundle of CAs to trust instead of the system's (`GOOGLE_API_CA_BUNDLE`, else `SSL_CERT_FILE`).
    public var caBundleFile: URL?
    /// A directory of hashed CA certificates to trust instead of the system's (`SSL_CERT_DIR`).
    public var caDirectory: URL?
    /// The transport to use (`GOOGLE_API_TRANSPORT`); `nil` for the platform's default.
    public var transport: HTTPTransportKind?

    // MARK: - Variable names

    public static let apiRootURLVariable = GoogleEnvironmentVariable.apiRootURL
    public static let authorizationEndpointVariable = GoogleEnvironmentVariable.authorizationEndpoint
    public static let tokenEndpointVariable = GoogleEnvironmentVariable.tokenEndpoint
    public static let revocationEndpointVariable = GoogleEnvironmentVariable.revocationEndpoint
    public static let deviceAuthorizationEndpointVariable = GoogleEnvironmentVariable.deviceAuthorizationEndpoint
    public static let clientSecretFileVariable = GoogleEnvironmentVariable.clientSecretFile
    public static let caBundleVariable = GoogleEnvironmentVariable.caBundle
    public static let sslCertificateFileVariable = GoogleEnvironmentVariable.sslCertificateFile
    public static let sslCertificateDirectoryVariable = GoogleEnvironmentVariable.sslCertificateDirectory
    public static let transportVariable = "GOOGLE_API_TRANSPORT"

    // MARK: - Creating

    /// - Parameters: See the properties; `nil` keeps the default.
    public init(
        apiRootURL: URL? = nil, authorizationEndpoint: URL? = nil, tokenEndpoint: URL? = nil,
        revocationEndpoint: URL? = nil, deviceAuthorizationEndpoint: URL? = nil, clientSecretFile: URL? = nil,
        caBundleFile: URL? = nil, caDirectory: URL? = nil, transport: HTTPTransportKind? = nil
    ) {
        self.apiRootURL = apiRootURL
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.clientSecretFile = clientSecretFile
        self.caBundleFile = caBundleFile
        self.caDirectory = caDirectory
        self.transport = transport
    }

    /// Reads the variables from `variables` (pass a dictionary in tests; never the process's
    /// environment mutated).
    /// - Parameter variables: Environment variables by name.
    /// - Throws: ``GoogleEnvironmentError`` naming the variable whose URL is malformed, not
    ///   http(s), or plain `http` to a host that is not loopback, or whose CA file or directory
    ///   does not exist, or whose transport name is not one this platform has.
    public init(variables: [String: String]) throws(GoogleEnvironmentError) {
        func url(_ name: String) throws(GoogleEnvironmentError) -> URL? {
            guard let text = variables[name], !text.isEmpty else { return nil }
            return try Self.endpoint(text, variable: name)
        }
        self.init(
            apiRootURL: try url(Self.apiRootURLVariable),
            authorizationEndpoint: try url(Self.authorizationEndpointVariable),
            tokenEndpoint: try url(Self.tokenEndpointVariable),
            revocationEndpoint: try url(Self.revocationEndpointVariable),
            deviceAuthorizationEndpoint: try url(Self.deviceAuthorizationEndpointVariable),
            clientSecretFile: variables[Self.clientSecretFileVariable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) },
            caBundleFile: try Self.existing(
                in: variables, [Self.caBundleVariable, Self.sslCertificateFileVariable], directory: false),
            caDirectory: try Self.existing(in: variables, [Self.sslCertificateDirectoryVariable], directory: true),
            transport: try Self.transportKind(variables[Self.transportVariable]))
    }

    /// `GOOGLE_API_TRANSPORT`'s value as a transport this platform has.
    private static func transportKind(_ text: String?) throws(GoogleEnvironmentError) -> HTTPTransportKind? {
        guard let text, !text.isEmpty else { return nil }
        let names = HTTPTransportKind.allCases.filter(\.isAvailable).map(\.rawValue)
        guard let kind = HTTPTransportKind(rawValue: text.lowercased()), kind.isAvailable else {
            throw GoogleEnvironmentError(
                variable: transportVariable,
                reason: "is \"\(text.prefix(40))\", which names no transport here: use \(names.joined(separator: " or ")), or unset it")
        }
        return kind
    }

    /// The path the first set variable of `names` gives, which must exist as a file (or directory).
    private static func existing(in variables: [String: String], _ names: [String], directory: Bool) throws(GoogleEnvironmentError) -> URL?
    {
        guard let name = names.first(where: { variables[$0]?.isEmpty == false }), let path = variables[name] else { return nil }
        var isDirectory: ObjCBool = false
        // SSL_CERT_DIR may list several directories (OpenSSL's `:` separator); each must exist.
        for part in directory ? path.split(separator: ":").map(String.init) : [path] {
            guard FileManager.default.fileExists(atPath: part, isDirectory: &isDirectory), isDirectory.boolValue == directory else {
                throw GoogleEnvironmentError(
                    variable: name,
                    reason: "names no \(directory ? "directory" : "file") at \(part) (it should hold the CA certificates to trust)")
            }
        }
        return URL(fileURLWithPath: path)
    }

    /// `base` trusting the CAs the variables name (``caBundleFile``, ``caDirectory``) instead of
    /// the system's; `base` unchanged when none is set. Give the result to a transport:
    ///
    /// ```swift
    /// let transport = DefaultHTTPTransport.make(configuration: environment.transportConfiguration())
    /// ```
    public func transportConfiguration(_ base: HTTPTransportConfiguration = .default) -> HTTPTransportConfiguration {
        var configuration = base
        if let caBundleFile { configuration.caBundlePath = caBundleFile.path }
        if let caDirectory { configuration.caDirectoryPath = caDirectory.path }
        return configuration
    }

    /// The transport the variables ask for: ``transport`` (else the platform's), with
    /// ``transportConfiguration(_:)``'s CAs. Without either variable it is the process's shared
    /// transport (`DefaultHTTPTransport.shared`), else a new one: make it once and share it.
    public func makeTransport() -> any HTTPTransport {
        let kind = transport ?? DefaultHTTPTransport.kind
        guard replacesTrustedCertificates else { return kind.shared }
        return kind.make(configuration: transportConfiguration())
    }

    /// Whether the variables replace the trusted CAs.
    public var replacesTrustedCertificates: Bool { caBundleFile != nil || caDirectory != nil }

    /// The opt-in for an app: the variables of this process.
    /// - Throws: ``GoogleEnvironmentError`` (see ``init(variables:)``).
    public static func fromProcess() throws(GoogleEnvironmentError) -> GoogleEnvironment {
        try GoogleEnvironment(variables: ProcessInfo.processInfo.environment)
    }

    /// Whether any endpoint is replaced.
    public var overridesEndpoints: Bool {
        apiRootURL != nil || authorizationEndpoint != nil || tokenEndpoint != nil || revocationEndpoint != nil
            || deviceAuthorizationEndpoint != nil
    }

    // MARK: - Applying

    /// `endpoints` with the replaced ones swapped in.
    public func applied(to endpoints: OAuthEndpoints) -> OAuthEndpoints {
        var result = endpoints
        if let authorizationEndpoint { result.authorization = authorizationEndpoint }
        if let tokenEndpoint { result.token = tokenEndpoint }
        if let revocationEndpoint { result.revocation = revocationEndpoint }
        if let deviceAuthorizationEndpoint { result.deviceAuthorization = deviceAuthorizationEndpoint }
        return result
    }

    /// `configuration` with its endpoints replaced as configured (a client built in code).
    public func applied(to configuration: OAuthClientConfiguration) -> OAuthClientConfiguration {
        var result = configuration
        result.endpoints = applied(to: configuration.endpoints)
        return result
    }

    /// Loads the client secret JSON (`file`, else `GOOGLE_CLIENT_SECRET_FILE`) and replaces its
    /// endpoints as configured; a variable wins over the file's `auth_uri`/`token_uri`.
    /// - Parameter file: The client secret file; `nil` uses ``clientSecretFile``.
    /// - Throws: ``GoogleEnvironmentError`` when neither names a file, or the
    ///   ``OAuthError/Code/invalidClientConfiguration`` of loading it.
    public func clientConfiguration(file: URL? = nil) throws -> OAuthClientConfiguration {
        guard let url = file ?? clientSecretFile else {
            throw GoogleEnvironmentError(
                variable: Self.clientSecretFileVariable,
                reason: "is not set: point it at the client secret JSON downloaded from the Cloud Console")
        }
        return applied(to: try OAuthClientConfiguration(contentsOf: url))
    }

    // MARK: - Validation

    private static func endpoint(_ text: String, variable: String) throws(GoogleEnvironmentError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            throw GoogleEnvironmentError(variable: variable, reason: "must be an http(s) URL")
        }
        // Tokens, codes and secrets go to these URLs: plain http only to the local machine.
        do {
            try CredentialDestination.requireSecureTransport(url)
        } catch {
            throw GoogleEnvironmentError(variable: variable, reason: "is refused: \(error.reason)")
        }
        return url
    }
}

// MARK: - Emulator variables

extension GoogleEnvironment {
    /// The variables that describe this value, for handing to a child process or printing (as
    /// `google-api-emulator` does).
    public var variables: [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        if let apiRootURL { result.append((Self.apiRootURLVariable, apiRootURL.absoluteString)) }
        if let authorizationEndpoint { result.append((Self.authorizationEndpointVariable, authorizationEndpoint.absoluteString)) }
        if let tokenEndpoint { result.append((Self.tokenEndpointVariable, tokenEndpoint.absoluteString)) }
        if let revocationEndpoint { result.append((Self.revocationEndpointVariable, revocationEndpoint.absoluteString)) }
        if let deviceAuthorizationEndpoint {
            result.append((Self.deviceAuthorizationEndpointVariable, deviceAuthorizationEndpoint.absoluteString))
        }
        if let clientSecretFile { result.append((Self.clientSecretFileVariable, clientSecretFile.path)) }
        if let caBundleFile { result.append((Self.caBundleVariable, caBundleFile.path)) }
        if let caDirectory { result.append((Self.sslCertificateDirectoryVariable, caDirectory.path)) }
        if let transport { result.append((Self.transportVariable, transport.rawValue)) }
        return result
    }
}
