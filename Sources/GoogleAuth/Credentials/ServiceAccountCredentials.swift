import Foundation
import GoogleBase
import GoogleHTTP

// MARK: - ServiceAccountCredentials

/// A service account's key as credentials: each token comes from the JWT bearer grant (RFC 7523)
/// at the key's `token_uri`, with a JWT signed RS256 by the key (`iss` the account, `scope`,
/// `aud` the `token_uri`, `iat`, `exp` one hour later at most, `sub` for domain-wide delegation).
///
/// ```swift
/// let key = try ServiceAccountKey(jsonData: Data(contentsOf: keyFile))
/// let credentials = ServiceAccountCredentials(key: key, scopes: ["https://www.googleapis.com/auth/drive"])
/// let drive = Drive(session: AuthorizedSession(credentials: credentials))
/// ```
public struct ServiceAccountCredentials: CredentialsProvider {
    /// The key.
    public let key: ServiceAccountKey
    /// The scopes requested for every token.
    public let scopes: [String]
    /// A user of the account's Google Workspace domain to act as (domain-wide delegation).
    public let subject: String?
    public let quotaProjectID: String?
    /// How long each JWT (and so each token request) is valid: one hour at most.
    public let assertionLifetime: TimeInterval
    let transport: any HTTPTransport
    let source: String

    /// - Parameters:
    ///   - key: The service account key.
    ///   - scopes: OAuth scopes for the tokens (at least one).
    ///   - subject: A user to impersonate through domain-wide delegation, or `nil`.
    ///   - quotaProjectID: Overrides the key's `quota_project_id`.
    ///   - assertionLifetime: Seconds the JWT is valid, clamped to 60…3600.
    ///   - transport: Carries the token requests.
    ///   - source: Where the key came from, for ``summary()``.
    public init(
        key: ServiceAccountKey, scopes: [String], subject: String? = nil, quotaProjectID: String? = nil,
        assertionLifetime: TimeInterval = 3600, transport: any HTTPTransport = DefaultHTTPTransport.shared,
        source: String = "a service account key"
    ) {
        self.key = key
        self.scopes = scopes
        self.subject = subject
        self.quotaProjectID = quotaProjectID ?? key.quotaProjectID
        self.assertionLifetime = min(max(assertionLifetime, 60), 3600)
        self.transport = transport
        self.source = source
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        guard !scopes.isEmpty else {
            throw CredentialsError(
                .malformedFile, "no scopes were given for the service account \(key.clientEmail)",
                remedy: "pass the API's scopes, e.g. https://www.googleapis.com/auth/cloud-platform")
        }
        let issuedAt = Int64(request.now.timeIntervalSince1970.rounded(.down))
        let claims = JSONWebToken.BearerClaims(
            iss: key.clientEmail, scope: scopes.joined(separator: " "), aud: key.tokenURI.absoluteString,
            iat: issuedAt, exp: issuedAt + Int64(assertionLifetime), sub: subject)
        let assertion = try JSONWebToken.sign(claims, keyID: key.privateKeyID, with: key.privateKey)
        // Scopes are not reported back by this grant; an empty set means "unknown" to the session.
        return try await CredentialsHTTP.postTokenForm(
            key.tokenURI,
            [("grant_type", "urn:ietf:params:oauth:grant-type:jwt-bearer"), ("assertion", assertion)],
            transport: transport, now: request.now, scopes: [],
            what: "token endpoint \(SecretRedactor.redactedURL(key.tokenURI)) (service account \(key.clientEmail) from \(source))")
    }

    public func summary() async -> CredentialsSummary {
        CredentialsSummary(
            kind: .serviceAccount, source: source, account: subject.map { "\($0) via \(key.clientEmail)" } ?? key.clientEmail,
            quotaProjectID: quotaProjectID)
    }
}
