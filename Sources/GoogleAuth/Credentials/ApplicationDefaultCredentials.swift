import Foundation
import GoogleHTTP

// MARK: - ApplicationDefaultCredentials

/// Application Default Credentials: finds credentials the way Google's other client libraries do
/// (Go's `FindDefaultCredentials`, Python's `google.auth.default()`), in this order:
///
/// 1. the JSON file named by `GOOGLE_APPLICATION_CREDENTIALS`;
/// 2. gcloud's well-known file, `$CLOUDSDK_CONFIG/application_default_credentials.json`
///    (by default `~/.config/gcloud/application_default_credentials.json`), which
///    `gcloud auth application-default login` writes;
/// 3. the metadata server, on Google Cloud (`GCE_METADATA_HOST` replaces its host;
///    `NO_GCE_CHECK=true` skips it).
///
/// Files may be `authorized_user`, `service_account` or `impersonated_service_account`; a
/// `quota_project_id` in them is sent as `x-goog-user-project`.
///
/// ```swift
/// let credentials = try await ApplicationDefaultCredentials.find(scopes: ["https://www.googleapis.com/auth/drive"])
/// let drive = Drive(session: AuthorizedSession(credentials: credentials))
/// ```
public enum ApplicationDefaultCredentials {
    /// The file the well-known location holds.
    public static let wellKnownFileName = "application_default_credentials.json"

    /// What the search reads: environment variables, and where files are.
    public struct Environment: Sendable {
        /// The variables (`GOOGLE_APPLICATION_CREDENTIALS`, `CLOUDSDK_CONFIG`, `HOME`,
        /// `GCE_METADATA_HOST`, `NO_GCE_CHECK`).
        public var variables: [String: String]
        /// Prepended to every path read (a test's fake file system); `nil` reads paths as they are.
        public var fileSystemRoot: URL?
        /// How long the metadata server probe may take to connect (off Google Cloud it fails
        /// within this; the answer is remembered for the process, per host).
        public var metadataProbeTimeout: Duration

        /// - Parameters: See the properties.
        public init(variables: [String: String], fileSystemRoot: URL? = nil, metadataProbeTimeout: Duration = .milliseconds(1500)) {
            self.variables = variables
            self.fileSystemRoot = fileSystemRoot
            self.metadataProbeTimeout = metadataProbeTimeout
        }

        /// This process's environment and file system.
        public static var process: Environment { Environment(variables: ProcessInfo.processInfo.environment) }

        func file(_ path: String) -> URL {
            guard let fileSystemRoot else { return URL(fileURLWithPath: path) }
            return fileSystemRoot.appendingPathComponent(path)
        }

        func value(_ name: String) -> String? {
            variables[name].flatMap { $0.isEmpty ? nil : $0 }
        }
    }

    /// Finds credentials, or throws one error naming every place tried.
    /// - Parameters:
    ///   - scopes: Scopes for the tokens (service accounts need them; the metadata server uses
    ///     them when given; `authorized_user` files carry their own).
    ///   - quotaProjectID: Replaces the file's `quota_project_id`.
    ///   - environment: Variables and file system to search (by default this process's).
    ///   - transport: Carries token and metadata requests.
    /// - Throws: ``CredentialsError``: `.notFound` naming each place tried and what to do; or the
    ///   error of the file that was found but is unusable (it is not skipped).
    public static func find(
        scopes: [String], quotaProjectID: String? = nil, environment: Environment = .process,
        transport: any HTTPTransport = DefaultHTTPTransport.shared
    ) async throws -> any CredentialsProvider {
        let found = try await locate(scopes: scopes, environment: environment, transport: transport)
        guard let quotaProjectID else { return found }
        return found.withQuotaProject(quotaProjectID)
    }

    private static func locate(
        scopes: [String], environment: Environment, transport: any HTTPTransport
    ) async throws -> any CredentialsProvider {
        var tried: [String] = []
        // 1. GOOGLE_APPLICATION_CREDENTIALS: when set, it must work (no silent fall-through).
        if let path = environment.value("GOOGLE_APPLICATION_CREDENTIALS") {
            let url = environment.file(path)
            let origin = "GOOGLE_APPLICATION_CREDENTIALS (\(path))"
            guard let file = try CredentialsFile.load(url, origin: origin) else {
                throw CredentialsError(
                    .notFound, "\(origin) names a file that does not exist",
                    remedy: "set GOOGLE_APPLICATION_CREDENTIALS to the path of a credentials JSON file, or unset it")
            }
            return try provider(for: file, scopes: scopes, transport: transport, source: origin)
        }
        tried.append("GOOGLE_APPLICATION_CREDENTIALS is not set")

        // 2. gcloud's well-known file.
        let wellKnown = wellKnownFilePath(environment)
        if let wellKnown {
            let url = environment.file(wellKnown)
            let origin = "gcloud's application default credentials (\(wellKnown))"
            if let file = try CredentialsFile.load(url, origin: origin) {
                return try provider(for: file, scopes: scopes, transport: transport, source: origin)
            }
            tried.append("\(wellKnown) does not exist")
        } else {
            tried.append("gcloud's well-known file has no location (neither CLOUDSDK_CONFIG nor HOME is set)")
        }

        // 3. The metadata server.
        let host = environment.value("GCE_METADATA_HOST") ?? MetadataServerCredentials.defaultHost
        if environment.value("NO_GCE_CHECK")?.lowercased() == "true" {
            tried.append("the metadata server was not checked (NO_GCE_CHECK=true)")
        } else {
            switch await MetadataServerProbe.shared.check(host: host, timeout: environment.metadataProbeTimeout, transport: transport) {
            case .available:
                return MetadataServerCredentials(host: host, scopes: scopes, transport: transport)
            case .notGoogle:
                tried.append("something answered at \(host) without \"Metadata-Flavor: Google\" (not a metadata server)")
            case .unreachable:
                tried.append("no metadata server answered at \(host) (not on Google Cloud)")
            }
        }
        throw CredentialsError(
            .notFound, "no Application Default Credentials were found: " + tried.joined(separator: "; "),
            remedy: "run `gcloud auth application-default login`, set GOOGLE_APPLICATION_CREDENTIALS to a service account key "
                + "or other credentials file, or run on Google Cloud")
    }

    /// `$CLOUDSDK_CONFIG/application_default_credentials.json`, else
    /// `$HOME/.config/gcloud/application_default_credentials.json`.
    public static func wellKnownFilePath(_ environment: Environment) -> String? {
        if let config = environment.value("CLOUDSDK_CONFIG") {
            return (config as NSString).appendingPathComponent(wellKnownFileName)
        }
        guard let home = environment.value("HOME") else { return nil }
        return (home as NSString).appendingPathComponent(".config/gcloud/" + wellKnownFileName)
    }

    /// The credentials a file describes.
    /// - Parameters:
    ///   - file: The parsed file.
    ///   - scopes: Scopes for service accounts and impersonated tokens.
    ///   - transport: Carries the requests.
    ///   - source: Where the file came from, for summaries.
    public static func provider(
        for file: CredentialsFile, scopes: [String], transport: any HTTPTransport = DefaultHTTPTransport.shared, source: String
    ) throws -> any CredentialsProvider {
        switch file {
        case .authorizedUser(let info):
            return OAuthUserCredentials(authorizedUser: info, transport: transport, source: source)
        case .serviceAccount(let key):
            return ServiceAccountCredentials(key: key, scopes: scopes, transport: transport, source: source)
        case .impersonatedServiceAccount(let info):
            let base: any CredentialsProvider
            switch info.source {
            case .authorizedUser(let user):
                base = OAuthUserCredentials(authorizedUser: user, transport: transport, source: source + " (source)")
            case .serviceAccount(let key):
                base = ServiceAccountCredentials(
                    key: key, scopes: [ImpersonatedCredentials.cloudPlatformScope], transport: transport, source: source + " (source)")
            }
            return ImpersonatedCredentials(
                source: base, targetPrincipal: info.targetPrincipal, delegates: info.delegates, scopes: scopes,
                generateURL: info.impersonationURL, quotaProjectID: info.quotaProjectID, transport: transport)
        }
    }
}
