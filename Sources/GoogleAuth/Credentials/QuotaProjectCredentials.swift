import Foundation

// MARK: - QuotaProjectCredentials

/// Other credentials with a quota project of the caller's choosing (`x-goog-user-project`);
/// made by ``CredentialsProvider/withQuotaProject(_:)``.
public struct QuotaProjectCredentials: CredentialsProvider {
    /// The credentials that supply the tokens.
    public let base: any CredentialsProvider
    public let quotaProjectID: String?

    /// - Parameters:
    ///   - base: The credentials that supply the tokens.
    ///   - quotaProjectID: The project billed for quota.
    public init(base: any CredentialsProvider, quotaProjectID: String) {
        self.base = base
        self.quotaProjectID = quotaProjectID
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        try await base.accessToken(for: request)
    }

    public func summary() async -> CredentialsSummary {
        var summary = await base.summary()
        summary.quotaProjectID = quotaProjectID
        return summary
    }

    public func knownScopes() async throws -> Set<String> {
        try await base.knownScopes()
    }
}
