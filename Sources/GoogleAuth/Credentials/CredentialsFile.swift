import Foundation
import GoogleJSON

// MARK: - CredentialsFile

/// A Google credentials JSON file, by its `type`: what `gcloud auth application-default login`
/// writes (`authorized_user`), a service account key (`service_account`), an impersonation
/// configuration (`impersonated_service_account`). Workload identity federation
/// (`external_account`) is recognised and refused as not supported yet.
///
/// `description` names the type and account, never a key, secret or token.
public enum CredentialsFile: Sendable, CustomStringConvertible {
    /// A user's refresh token with the OAuth client that obtained it.
    case authorizedUser(AuthorizedUserInfo)
    /// A service account key.
    case serviceAccount(ServiceAccountKey)
    /// Source credentials and the service account they impersonate.
    case impersonatedServiceAccount(ImpersonationInfo)

    /// The fields of an `authorized_user` file.
    public struct AuthorizedUserInfo: Sendable {
        public var clientID: String
        public var clientSecret: String
        public var refreshToken: String
        public var tokenURI: URL
        public var quotaProjectID: String?
        public var account: String?
    }

    /// Source credentials and the target of an `impersonated_service_account` file.
    public struct ImpersonationInfo: Sendable {
        /// The file's `source_credentials` (an `authorized_user` or `service_account`).
        public var source: SourceCredentials
        /// The target service account's email, from `service_account_impersonation_url`.
        public var targetPrincipal: String
        /// The `generateAccessToken` URL.
        public var impersonationURL: URL
        public var delegates: [String]
        public var quotaProjectID: String?
    }

    /// What an impersonation file's `source_credentials` may be.
    public indirect enum SourceCredentials: Sendable {
        case authorizedUser(AuthorizedUserInfo)
        case serviceAccount(ServiceAccountKey)
    }

    // MARK: - Parsing

    /// The largest credentials file read (Google's are a few KB).
    static let maximumSize = 1 << 20

    /// Reads a credentials file.
    /// - Parameters:
    ///   - url: The file.
    ///   - origin: How to name the file in errors (e.g. `GOOGLE_APPLICATION_CREDENTIALS (/etc/sa.json)`).
    /// - Throws: ``CredentialsError``: `.notFound`, `.unreadableFile` (permission, a directory, a
    ///   device or FIFO, a symbolic link loop), `.malformedFile` (too large, not JSON),
    ///   `.unknownType`, `.unsupportedType`, `.invalidPrivateKey`.
    public init(contentsOf url: URL, origin: String? = nil) throws {
        let name = origin ?? url.path
        guard let file = try Self.load(url, origin: name) else {
            throw CredentialsError(.notFound, "\(name) names a file that does not exist", remedy: "check the path")
        }
        self = file
    }

    /// The file at `url`, or `nil` when nothing exists there (a dangling symbolic link counts as
    /// nothing; a link loop does not).
    static func load(_ url: URL, origin: String) throws -> CredentialsFile? {
        guard let data = try CredentialsFileReader.read(url.path, origin: origin, limit: maximumSize) else { return nil }
        return try CredentialsFile(jsonData: data, origin: origin)
    }

    /// Parses a credentials file's content.
    /// - Throws: ``CredentialsError`` like ``init(contentsOf:origin:)``.
    public init(jsonData data: Data, origin: String = "the credentials file") throws {
        guard data.count <= Self.maximumSize else {
            throw CredentialsError(.malformedFile, "\(origin) is \(data.count) bytes, too large for a credentials file")
        }
        guard let value = try? JSONValue(parsing: data) else {
            throw CredentialsError(
                .malformedFile, "\(origin) is not JSON" + (data.isEmpty ? " (it is empty)" : ""),
                remedy: "credentials files are JSON: download the key again, or run `gcloud auth application-default login`")
        }
        guard case .object(let object) = value else {
            throw CredentialsError(.malformedFile, "\(origin) is JSON but not an object", remedy: "download the key file again")
        }
        self = try Self.parse(object, origin: origin)
    }

    static func parse(_ object: [String: JSONValue], origin: String) throws(CredentialsError) -> CredentialsFile {
        let fields = Fields(object: object, origin: origin)
        let type = try fields.required("type")
        switch type {
        case "authorized_user":
            return .authorizedUser(try fields.authorizedUser())
        case "service_account":
            return .serviceAccount(try ServiceAccountKey(fields: fields))
        case "impersonated_service_account":
            return .impersonatedServiceAccount(try fields.impersonation())
        case "external_account", "external_account_authorized_user":
            throw CredentialsError(
                .unsupportedType,
                "\(origin) holds \(type) credentials (workload identity federation), which this library does not support yet",
                remedy: "use a service account key, service account impersonation, or run on Google Cloud (metadata server)")
        default:
            throw CredentialsError(
                .unknownType, "\(origin) has an unknown credentials type \"\(SecretRedactorShim.clip(type))\"",
                remedy: "expected authorized_user, service_account or impersonated_service_account")
        }
    }

    public var description: String {
        switch self {
        case .authorizedUser(let info): "authorized_user (client \(info.clientID))"
        case .serviceAccount(let key): "service_account \(key.clientEmail)"
        case .impersonatedServiceAccount(let info): "impersonated_service_account \(info.targetPrincipal)"
        }
    }

    // MARK: - Fields

    /// Typed access to a file's members, with errors that name the field and the file.
    struct Fields {
        let object: [String: JSONValue]
        let origin: String

        func optional(_ key: String) throws(CredentialsError) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let value)?: return value.isEmpty ? nil : value
            default: throw CredentialsError(.malformedFile, "\(origin): \"\(key)\" is not a string")
            }
        }

        func required(_ key: String) throws(CredentialsError) -> String {
            guard let value = try optional(key) else {
                throw CredentialsError(.malformedFile, "\(origin) has no \"\(key)\"", remedy: "download the credentials file again")
            }
            return value
        }

        func url(_ key: String, default fallback: URL? = nil) throws(CredentialsError) -> URL {
            guard let text = try optional(key) else {
                if let fallback { return fallback }
                throw CredentialsError(.malformedFile, "\(origin) has no \"\(key)\"")
            }
            guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
                throw CredentialsError(.malformedFile, "\(origin): \"\(key)\" is not a URL")
            }
            return url
        }

        func authorizedUser() throws(CredentialsError) -> AuthorizedUserInfo {
            AuthorizedUserInfo(
                clientID: try required("client_id"), clientSecret: try required("client_secret"),
                refreshToken: try required("refresh_token"),
                tokenURI: try url("token_uri", default: OAuthEndpoints.googleToken),
                quotaProjectID: try optional("quota_project_id"), account: try optional("account"))
        }

        func impersonation() throws(CredentialsError) -> ImpersonationInfo {
            guard case .object(let sourceObject)? = object["source_credentials"] else {
                throw CredentialsError(.malformedFile, "\(origin) has no \"source_credentials\" object")
            }
            let sourceFields = Fields(object: sourceObject, origin: "\(origin) (source_credentials)")
            let source: SourceCredentials
            switch try sourceFields.required("type") {
            case "authorized_user": source = .authorizedUser(try sourceFields.authorizedUser())
            case "service_account": source = .serviceAccount(try ServiceAccountKey(fields: sourceFields))
            case let other:
                throw CredentialsError(
                    .unsupportedType, "\(origin): source credentials of type \"\(SecretRedactorShim.clip(other))\" are not supported",
                    remedy: "use authorized_user or service_account source credentials")
            }
            let impersonationURL = try url("service_account_impersonation_url")
            // …/projects/-/serviceAccounts/EMAIL:generateAccessToken
            let last = impersonationURL.lastPathComponent
            guard let colon = last.lastIndex(of: ":"), last[colon...] == ":generateAccessToken", colon > last.startIndex else {
                throw CredentialsError(
                    .malformedFile,
                    "\(origin): \"service_account_impersonation_url\" does not end in serviceAccounts/EMAIL:generateAccessToken")
            }
            var delegates: [String] = []
            if case .array(let items)? = object["delegates"] {
                delegates = items.compactMap(\.stringValue)
            }
            return ImpersonationInfo(
                source: source, targetPrincipal: String(last[..<colon]), impersonationURL: impersonationURL,
                delegates: delegates, quotaProjectID: try optional("quota_project_id"))
        }
    }
}

/// Keeps unexpected values short in error messages.
enum SecretRedactorShim {
    static func clip(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
