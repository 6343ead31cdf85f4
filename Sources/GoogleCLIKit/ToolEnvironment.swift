import Foundation
public import GoogleAuth

// MARK: - ToolEnvironment

/// Where a sample tool finds its client secret, token store and endpoints: command-line options
/// first, then environment variables, then defaults.
public struct ToolEnvironment: Sendable {
    public var toolName: String
    /// Cloud Console's downloaded `client_secret_*.json`, when configured.
    public var clientSecretFile: URL?
    public var tokenStoreFile: URL
    /// The endpoint overrides from `GOOGLE_API_ROOT_URL`, `GOOGLE_OAUTH_*_URI`: the tools are
    /// apps that opt in to them (see `GoogleEnvironment`).
    public var google: GoogleEnvironment
    public var wantsJSON: Bool
    /// Which credentials commands use (`--auth`, else `GOOGLE_CLI_AUTH`, else `.user`).
    public var authMode: AuthMode
    /// An API key for public reads (`--api-key`, else `GOOGLE_API_KEY`); replaces OAuth when set.
    public var apiKey: String?
    /// Where ``apiKey`` came from (`--api-key` or `GOOGLE_API_KEY`), for `status`; never the key.
    public var apiKeySource: String?
    /// The process environment, for Application Default Credentials' search.
    public var variables: [String: String]
    /// Print every HTTP exchange on standard error (`--verbose`), secrets masked.
    public var verbose: Bool = false

    /// Where a tool's credentials come from.
    public enum AuthMode: String, Sendable, CaseIterable {
        /// The tool's own `login` and token store (exit code 3 when reauthentication is needed).
        case user
        /// Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS, gcloud's file, the metadata server.
        case adc
    }

    /// Replaces every API's root URL (the emulator, a proxy, a regional endpoint).
    public var apiRootURL: URL? { google.apiRootURL }
    /// Replaces the OAuth revocation endpoint.
    public var revokeURL: URL? { google.revocationEndpoint }

    /// The options every tool command accepts.
    public static let commonOptions: [OptionSpecification] = [
        OptionSpecification("client-secret", value: "PATH", help: "Cloud Console client secret JSON (or GOOGLE_CLIENT_SECRET_FILE)."),
        OptionSpecification(
            "token-store", value: "PATH", help: "Where tokens are kept (or GOOGLE_TOKEN_STORE; default ~/.config/<tool>/tokens.json)."),
        OptionSpecification("json", help: "Print JSON for scripts instead of a table."),
        OptionSpecification(
            "auth", value: "user|adc",
            help: "Credentials: user (this tool's login, the default) or adc (Application Default Credentials); or GOOGLE_CLI_AUTH."),
        OptionSpecification(
            "api-key", value: "KEY", help: "Use an API key instead of OAuth, for public reads (prefer GOOGLE_API_KEY: options show in ps)."),
        OptionSpecification(
            "verbose", help: "Print every HTTP request on standard error: API calls, token refreshes, revocation (secrets masked)."),
    ]

    /// Lines for a tool's help describing the environment variables.
    public static let environmentHelp: [String] = [
        "ENVIRONMENT:",
        "  GOOGLE_CLIENT_SECRET_FILE  client secret JSON downloaded from Cloud Console (Desktop app)",
        "  GOOGLE_TOKEN_STORE         token file path",
        "  GOOGLE_API_ROOT_URL        API root override, e.g. a local google-api-emulator",
        "  GOOGLE_OAUTH_AUTH_URI      OAuth authorization endpoint override (else the client file's auth_uri)",
        "  GOOGLE_OAUTH_TOKEN_URI     OAuth token endpoint override (else the client file's token_uri)",
        "  GOOGLE_OAUTH_REVOKE_URI    OAuth revocation endpoint override",
        "  GOOGLE_OAUTH_DEVICE_URI    OAuth device authorization endpoint override",
        "  BROWSER                    browser command used by `login`",
        "  GOOGLE_CLI_AUTH            default for --auth: user or adc",
        "  GOOGLE_API_KEY             API key for public reads (instead of OAuth)",
        "  GOOGLE_APPLICATION_CREDENTIALS  credentials file for --auth adc (else gcloud's, else the metadata server)",
        "  GCE_METADATA_HOST          metadata server host[:port] for --auth adc",
        "  GOOGLE_API_CA_BUNDLE, SSL_CERT_FILE  PEM bundle of CAs to trust instead of the system's (a TLS-inspecting proxy)",
        "  SSL_CERT_DIR               directory of hashed CA certificates to trust instead of the system's",
        "  HTTPS_PROXY, https_proxy, ALL_PROXY, NO_PROXY  proxies, as curl reads them (http_proxy for plain http)",
    ]

    /// Resolves the environment for `toolName` from parsed options and process environment.
    /// - Throws: ``CommandLineError/usage(_:)`` for a malformed URL in the environment.
    public init(toolName: String, arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.toolName = toolName
        self.wantsJSON = arguments.flag("json")
        self.verbose = arguments.flag("verbose")
        do {
            self.google = try GoogleEnvironment(variables: environment)
        } catch {
            throw CommandLineError.usage(error.description)
        }
        if let path = arguments.value("client-secret"), !path.isEmpty {
            self.clientSecretFile = URL(fileURLWithPath: path)
        } else {
            self.clientSecretFile = google.clientSecretFile
        }
        if let path = arguments.value("token-store") ?? environment["GOOGLE_TOKEN_STORE"], !path.isEmpty {
            self.tokenStoreFile = URL(fileURLWithPath: path)
        } else {
            self.tokenStoreFile = Self.defaultConfigurationDirectory(toolName: toolName, environment: environment)
                .appendingPathComponent("tokens.json")
        }
        self.variables = environment
        let mode = arguments.value("auth") ?? environment["GOOGLE_CLI_AUTH"].flatMap { $0.isEmpty ? nil : $0 } ?? "user"
        guard let authMode = AuthMode(rawValue: mode.lowercased()) else {
            let origin = arguments.value("auth") == nil ? "GOOGLE_CLI_AUTH" : "--auth"
            throw CommandLineError.usage("\(origin) must be user or adc, got '\(mode)'")
        }
        self.authMode = authMode
        if let key = arguments.value("api-key") {
            guard !key.isEmpty else { throw CommandLineError.usage("--api-key needs a key") }
            (self.apiKey, self.apiKeySource) = (key, "--api-key")
        } else if let key = environment["GOOGLE_API_KEY"], !key.isEmpty {
            (self.apiKey, self.apiKeySource) = (key, "GOOGLE_API_KEY")
        }
    }

    /// `$XDG_CONFIG_HOME/<tool>` or `~/.config/<tool>`.
    static func defaultConfigurationDirectory(toolName: String, environment: [String: String]) -> URL {
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty {
            return URL(fileURLWithPath: base).appendingPathComponent(toolName)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent(toolName)
    }
}
