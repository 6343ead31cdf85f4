import Foundation
import GoogleHTTPTypes

// MARK: - ToolEnvironment

/// Where a sample tool finds its client secret, token store and endpoints: command-line options
/// first, then environment variables, then defaults.
public struct ToolEnvironment: Sendable {
    public var toolName: String
    /// Cloud Console's downloaded `client_secret_*.json`, when configured.
    public var clientSecretFile: URL?
    public var tokenStoreFile: URL
    /// Replaces every API's root URL (the emulator, a proxy, a regional endpoint).
    public var apiRootURL: URL?
    /// Replaces the OAuth revocation endpoint.
    public var revokeURL: URL?
    public var wantsJSON: Bool
    /// Which credentials commands use (`--auth`, else `GOOGLE_CLI_AUTH`, else `.user`).
    public var authMode: AuthMode
    /// An API key for public reads (`--api-key`, else `GOOGLE_API_KEY`); replaces OAuth when set.
    public var apiKey: String?
    /// Where ``apiKey`` came from (`--api-key` or `GOOGLE_API_KEY`), for `status`; never the key.
    public var apiKeySource: String?
    /// The process environment, for Application Default Credentials' search.
    public var variables: [String: String]

    /// Where a tool's credentials come from.
    public enum AuthMode: String, Sendable, CaseIterable {
        /// The tool's own `login` and token store (exit code 3 when reauthentication is needed).
        case user
        /// Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS, gcloud's file, the metadata server.
        case adc
    }

    /// The options every tool command accepts.
    public static let commonOptions: [OptionSpecification] = [
        OptionSpecification("client-secret", value: "PATH", help: "Cloud Console client secret JSON (or GOOGLE_CLIENT_SECRET_FILE)."),
        OptionSpecification("token-store", value: "PATH", help: "Where tokens are kept (or GOOGLE_TOKEN_STORE; default ~/.config/<tool>/tokens.json)."),
        OptionSpecification("json", help: "Print JSON for scripts instead of a table."),
        OptionSpecification(
            "auth", value: "user|adc",
            help: "Credentials: user (this tool's login, the default) or adc (Application Default Credentials); or GOOGLE_CLI_AUTH."),
        OptionSpecification(
            "api-key", value: "KEY", help: "Use an API key instead of OAuth, for public reads (prefer GOOGLE_API_KEY: options show in ps)."),
    ]

    /// Lines for a tool's help describing the environment variables.
    public static let environmentHelp: [String] = [
        "ENVIRONMENT:",
        "  GOOGLE_CLIENT_SECRET_FILE  client secret JSON downloaded from Cloud Console (Desktop app)",
        "  GOOGLE_TOKEN_STORE         token file path",
        "  GOOGLE_API_ROOT_URL        API root override, e.g. a local google-api-emulator",
        "  GOOGLE_OAUTH_REVOKE_URI    OAuth revocation endpoint override",
        "  BROWSER                    browser command used by `login`",
        "  GOOGLE_CLI_AUTH            default for --auth: user or adc",
        "  GOOGLE_API_KEY             API key for public reads (instead of OAuth)",
        "  GOOGLE_APPLICATION_CREDENTIALS  credentials file for --auth adc (else gcloud's, else the metadata server)",
        "  GCE_METADATA_HOST          metadata server host[:port] for --auth adc",
    ]

    /// Resolves the environment for `toolName` from parsed options and process environment.
    /// - Throws: ``CommandLineError/usage(_:)`` for a malformed URL in the environment.
    public init(toolName: String, arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.toolName = toolName
        self.wantsJSON = arguments.flag("json")
        if let path = arguments.value("client-secret") ?? environment["GOOGLE_CLIENT_SECRET_FILE"], !path.isEmpty {
            self.clientSecretFile = URL(fileURLWithPath: path)
        }
        if let path = arguments.value("token-store") ?? environment["GOOGLE_TOKEN_STORE"], !path.isEmpty {
            self.tokenStoreFile = URL(fileURLWithPath: path)
        } else {
            self.tokenStoreFile = Self.defaultConfigurationDirectory(toolName: toolName, environment: environment)
                .appendingPathComponent("tokens.json")
        }
        self.apiRootURL = try Self.url(environment["GOOGLE_API_ROOT_URL"], variable: "GOOGLE_API_ROOT_URL")
        self.revokeURL = try Self.url(environment["GOOGLE_OAUTH_REVOKE_URI"], variable: "GOOGLE_OAUTH_REVOKE_URI")
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

    private static func url(_ text: String?, variable: String) throws -> URL? {
        guard let text, !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            throw CommandLineError.usage("\(variable) must be an http(s) URL, got '\(text)'")
        }
        // Tokens and secrets go to these URLs: plain http only to the local machine (the library
        // refuses anything else too; this says so before any work starts).
        guard scheme.lowercased() == "https" || isLoopback(url.host ?? "") else {
            throw CommandLineError.usage("\(variable) is refused: plain http is allowed only to 127.0.0.0/8, ::1 or localhost")
        }
        return url
    }

    private static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
