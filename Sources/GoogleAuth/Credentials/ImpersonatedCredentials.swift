import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - ImpersonatedCredentials

/// A service account impersonated with other credentials: each token comes from IAM Credentials
/// `generateAccessToken` for `targetPrincipal`, authorized by the source credentials' token
/// (which need `roles/iam.serviceAccountTokenCreator` on the target, or on each delegate in turn).
///
/// ```swift
/// let source = try await ApplicationDefaultCredentials.find(scopes: [ImpersonatedCredentials.cloudPlatformScope])
/// let robot = ImpersonatedCredentials(source: source, targetPrincipal: "robot@my-project.iam.gserviceaccount.com",
///                                     scopes: ["https://www.googleapis.com/auth/drive"])
/// ```
public struct ImpersonatedCredentials: CredentialsProvider {
    /// The scope source credentials need to call IAM Credentials.
    public static let cloudPlatformScope = "https://www.googleapis.com/auth/cloud-platform"
    /// Google's IAM Credentials endpoint.
    public static let defaultEndpoint = URL(string: "https://iamcredentials.googleapis.com/")!

    /// The credentials that authorize the impersonation.
    public let source: any CredentialsProvider
    /// The service account to act as (its email).
    public let targetPrincipal: String
    /// Service accounts in the delegation chain, each granting the next the token creator role.
    public let delegates: [String]
    /// Scopes of the impersonated tokens.
    public let scopes: [String]
    /// Lifetime of each token (at most one hour without an organization policy exception).
    public let lifetime: TimeInterval
    /// The `generateAccessToken` URL.
    public let generateURL: URL
    public let quotaProjectID: String?
    let transport: any HTTPTransport

    /// - Parameters:
    ///   - source: Credentials allowed to create tokens for the target (their scopes must include
    ///     `cloud-platform` or `iam`).
    ///   - targetPrincipal: The target service account's email.
    ///   - delegates: Delegation chain (emails), or empty.
    ///   - scopes: Scopes for the impersonated tokens.
    ///   - lifetime: Seconds each token lives, 1…43200 (Google allows more than 3600 only by policy).
    ///   - endpoint: IAM Credentials' root (an emulator, a private endpoint).
    ///   - quotaProjectID: A project billed for quota, or `nil`.
    ///   - transport: Carries the requests.
    public init(
        source: any CredentialsProvider, targetPrincipal: String, delegates: [String] = [], scopes: [String],
        lifetime: TimeInterval = 3600, endpoint: URL = ImpersonatedCredentials.defaultEndpoint, quotaProjectID: String? = nil,
        transport: any HTTPTransport = DefaultHTTPTransport.shared
    ) {
        var root = endpoint.absoluteString
        if !root.hasSuffix("/") { root += "/" }
        let name = PercentEncoding.encodeUnreserved(targetPrincipal)
        self.init(
            source: source, targetPrincipal: targetPrincipal, delegates: delegates, scopes: scopes, lifetime: lifetime,
            generateURL: URL(string: "\(root)v1/projects/-/serviceAccounts/\(name):generateAccessToken") ?? endpoint,
            quotaProjectID: quotaProjectID, transport: transport)
    }

    /// - Parameters:
    ///   - source: Credentials allowed to create tokens for the target.
    ///   - targetPrincipal: The target service account's email.
    ///   - delegates: Delegation chain (emails), or empty.
    ///   - scopes: Scopes for the impersonated tokens.
    ///   - lifetime: Seconds each token lives, 1…43200.
    ///   - generateURL: The full `generateAccessToken` URL (an impersonation file's
    ///     `service_account_impersonation_url`).
    ///   - quotaProjectID: A project billed for quota, or `nil`.
    ///   - transport: Carries the requests.
    public init(
        source: any CredentialsProvider, targetPrincipal: String, delegates: [String] = [], scopes: [String],
        lifetime: TimeInterval = 3600, generateURL: URL, quotaProjectID: String? = nil,
        transport: any HTTPTransport = DefaultHTTPTransport.shared
    ) {
        self.source = source
        self.targetPrincipal = targetPrincipal
        self.delegates = delegates
        self.scopes = scopes
        self.lifetime = min(max(lifetime, 1), 43_200)
        self.generateURL = generateURL
        self.quotaProjectID = quotaProjectID
        self.transport = transport
    }

    private struct Body: Encodable {
        var delegates: [String]?
        var scope: [String]
        var lifetime: String
    }

    public func accessToken(for request: AccessTokenRequest) async throws -> AccessToken {
        // The source token travels to this URL: the same https-or-loopback rule as every endpoint.
        try CredentialsHTTP.requireSecure(generateURL, "IAM Credentials endpoint")
        let sourceToken = try await source.accessToken(for: AccessTokenRequest(now: request.now, minimumValidity: 60))
        // The source may be a provider of the app's own, which no session checks here.
        try AccessTokenCheck.requireUsable(sourceToken, from: "source credentials \(type(of: source))")
        let body = Body(
            delegates: delegates.isEmpty ? nil : delegates.map { "projects/-/serviceAccounts/\($0)" },
            scope: scopes, lifetime: "\(Int(lifetime))s")
        var headers: GoogleHTTPHeaders = ["Authorization": "Bearer \(sourceToken.value)", "Content-Type": "application/json"]
        for (name, value) in source.requestMetadata { headers[name] = value }
        let encoded = try GoogleJSONEncoder().encode(body)
        let endpoint = SecretRedactor.redactedURL(generateURL)
        let what = "IAM Credentials endpoint \(endpoint)"
        let response = try await CredentialsHTTP.send(
            GoogleHTTPRequest(method: .post, url: generateURL, headers: headers, body: .data(encoded), timeouts: CredentialsHTTP.timeouts),
            transport, what)
        guard let object = CredentialsHTTP.jsonObject(response.body) else {
            throw CredentialsHTTP.unexpected(response, what, endpoint: endpoint)
        }
        guard (200..<300).contains(response.status) else {
            let message = object["error"]?["message"]?.stringValue.map { SecretRedactor.redact($0) } ?? "HTTP \(response.status)"
            throw CredentialsError(
                .impersonationFailed, "IAM Credentials refused a token for \(targetPrincipal): \(message)",
                remedy: "the source credentials need roles/iam.serviceAccountTokenCreator on the target (and the cloud-platform scope)",
                status: response.status, endpoint: endpoint, retryAfter: CredentialsHTTP.retryAfter(response))
        }
        guard let token = object["accessToken"]?.stringValue,
            let expiry = object["expireTime"]?.stringValue.flatMap({ RFC3339.parse($0) })
        else { throw CredentialsHTTP.unexpected(response, what, endpoint: endpoint) }
        try CredentialsHTTP.requireUsable(token, from: what, endpoint: endpoint)
        // expireTime is absolute: one already past, just minted, says the clocks disagree.
        guard expiry > request.now else {
            throw CredentialsError(
                .clockSkew,
                "the \(what) sent a token for \(targetPrincipal) that had already expired when it arrived "
                    + "(expireTime \(RFC3339.format(expiry)))",
                remedy: ClockCheck.remedy(response, now: request.now), status: response.status, endpoint: endpoint)
        }
        return AccessToken(value: token, expiresAt: expiry, scopes: [])
    }

    public func summary() async -> CredentialsSummary {
        let via = await source.summary()
        return CredentialsSummary(
            kind: .impersonatedServiceAccount, source: "impersonation through \(via.account ?? via.kind.rawValue) (\(via.source))",
            account: targetPrincipal, quotaProjectID: quotaProjectID)
    }
}
