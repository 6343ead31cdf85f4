import Foundation
import GoogleHTTP

// MARK: - AuthorizedUserCredentials

/// An `authorized_user` credentials file (what `gcloud auth application-default login` writes): a
/// refresh token and the OAuth client that obtained it. Each access token comes from a refresh at
/// the file's token endpoint; nothing is written back.
public struct AuthorizedUserCredentials: CredentialsProvider {
    public let info: CredentialsFile.AuthorizedUserInfo
    public let quotaProjectID: String?
    let transport: any HTTPTransport
    let source: String

    /// - Parameters:
    ///   - info: The file's fields.
    ///   - quotaProjectID: Overrides the file's `quota_project_id`.
    ///   - transport: Carries the refresh requests.
    ///   - source: Where the file came from, for ``summary()``.
    public init(
        info: CredentialsFile.AuthorizedUserInfo, quotaProjectID: String? = nil, transport: any HTTPTransport = CurlTransport.shared,
        source: String = "an authorized_user file"
    ) {
        self.info = info
        self.quotaProjectID = quotaProjectID ?? info.quotaProjectID
        self.transport = transport
        self.source = source
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        do {
            return try await CredentialsHTTP.postTokenForm(
                info.tokenURI,
                [("client_id", info.clientID), ("client_secret", info.clientSecret), ("grant_type", "refresh_token"),
                 ("refresh_token", info.refreshToken)],
                transport: transport, now: request.now, scopes: [], what: "token endpoint \(info.tokenURI.host ?? "")")
        } catch var error as CredentialsError where error.code == .tokenEndpointError {
            error.remedy = "the refresh token was rejected or the client is wrong; run `gcloud auth application-default login` again"
            throw error
        }
    }

    public func summary() async -> CredentialsSummary {
        CredentialsSummary(kind: .authorizedUser, source: source, account: info.account, quotaProjectID: quotaProjectID)
    }
}
