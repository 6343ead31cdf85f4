import Foundation

// MARK: - CredentialsSummary

/// Where a ``CredentialsProvider``'s tokens come from and whose they are: what a `status` command
/// shows. Holds no secret.
public struct CredentialsSummary: Sendable, Hashable, CustomStringConvertible {
    /// The kind of credentials.
    public enum Kind: String, Sendable, Hashable {
        /// A person's OAuth tokens from an installed-app login (token store + refresh).
        case user
        /// An `authorized_user` file (what `gcloud auth application-default login` writes).
        case authorizedUser = "authorized_user"
        /// A service account key file (JWT bearer grant).
        case serviceAccount = "service_account"
        /// The metadata server of Compute Engine, Cloud Run, GKE or Cloud Functions.
        case metadataServer = "metadata_server"
        /// A service account impersonated through IAM Credentials `generateAccessToken`.
        case impersonatedServiceAccount = "impersonated_service_account"
        /// An API key: no token at all.
        case apiKey = "api_key"
        /// Anything else (an app's own provider).
        case other
    }

    /// The kind of credentials.
    public var kind: Kind
    /// Where they were found, e.g. `GOOGLE_APPLICATION_CREDENTIALS (/etc/sa.json)`.
    public var source: String
    /// The account: the user's or service account's email when known.
    public var account: String?
    /// The quota project sent as `x-goog-user-project`, if any.
    public var quotaProjectID: String?

    /// - Parameters: See the properties.
    public init(kind: Kind, source: String, account: String? = nil, quotaProjectID: String? = nil) {
        self.kind = kind
        self.source = source
        self.account = account
        self.quotaProjectID = quotaProjectID
    }

    public var description: String {
        var text = "\(kind.rawValue) from \(source)"
        if let account { text += ", account \(account)" }
        if let quotaProjectID { text += ", quota project \(quotaProjectID)" }
        return text
    }
}
