import Foundation
import GoogleAuth
@_spi(Locking) import GoogleBase
public import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON
import Synchronization

// MARK: - AuthorizedSession

/// Sends requests with credentials: adds the access token (or an API key), refreshes the token
/// before it expires and after a 401 (single-flight), and retries transient failures with
/// exponential backoff and full jitter.
///
/// The credentials are any `GoogleAuth/CredentialsProvider`: the user's OAuth tokens
/// (``init(credentials:refresher:transport:configuration:)``), Application Default Credentials,
/// a service account, the metadata server, an impersonated service account
/// (``init(credentials:transport:configuration:)``), or an API key for public data
/// (``init(apiKey:transport:configuration:)``, no token at all).
public final class AuthorizedSession: Sendable {
    public let transport: any HTTPTransport
    public let configuration: Configuration
    /// The token cache and single flight; `nil` for an API-key session.
    let tokens: SessionTokenCoordinator?
    /// The API key of an API-key session.
    let apiKey: APIKey?
    /// Where the access token may go: the configured origins plus the root URL of every service
    /// client built on this session (see ``trustTokenOrigin(ofRoot:)``).
    private let tokenOrigins: Mutex<Set<CredentialDestination.Origin>>
    /// `scheme://host:port/` of the last URL that passed ``requireTokenDestination(_:)``: URLs
    /// starting with these bytes have that origin, and trusted origins are only ever added, so
    /// they pass without parsing the URL again (every request is checked).
    private let lastTrustedPrefix = PlainLock<String?>(nil)
    /// The configuration's observers, told about events (see ``emit(_:)``).
    let events: SessionEvents
    /// Whether any middleware is configured for the session: without, calls take the direct path.
    var hasCallMiddleware: Bool { !configuration.callMiddleware.isEmpty }
    var hasAttemptMiddleware: Bool { !configuration.attemptMiddleware.isEmpty }

    /// A session for one user's OAuth tokens (an `GoogleAuth/OAuthUserCredentials`).
    /// - Parameters:
    ///   - store: Where the user's credentials live; refreshed tokens are saved back to it.
    ///   - refresher: Exchanges the refresh token for a new access token. An `GoogleAuth/OAuthClient`
    ///     without a logger of its own gets the session's request log
    ///     (``Configuration/logRequests(_:)``), so refresh requests appear in it as
    ///     `GoogleAuth/RequestLogEntry/Kind/tokenRefresh`.
    ///   - transport: Sends the HTTP requests.
    ///   - configuration: Refresh skew, retry policy, logging and reauthentication hooks.
    public convenience init(
        credentials store: any TokenStore,
        refresher: any TokenRefreshing,
        transport: any HTTPTransport = DefaultHTTPTransport.shared,
        configuration: Configuration = .init()
    ) {
        var refresher = refresher
        if var client = refresher as? OAuthClient, client.logger == nil,
            let log = configuration.attemptMiddleware.lazy.compactMap({ $0 as? GoogleRequestLog }).first
        {
            client.logger = log.handler
            refresher = client
        }
        let user = OAuthUserCredentials(
            store: store, refresher: refresher, reauthenticationHandler: configuration.reauthenticationHandler)
        self.init(credentials: user, transport: transport, configuration: configuration)
    }

    /// A session for any credentials: `GoogleAuth/ApplicationDefaultCredentials/find(scopes:environment:transport:)`,
    /// `GoogleAuth/ServiceAccountCredentials`, `GoogleAuth/MetadataServerCredentials`, `GoogleAuth/ImpersonatedCredentials`,
    /// `GoogleAuth/OAuthUserCredentials` or your own `GoogleAuth/CredentialsProvider`.
    /// - Parameters:
    ///   - credentials: Supplies access tokens (and the quota project, sent as `x-goog-user-project`).
    ///   - transport: Sends the HTTP requests.
    ///   - configuration: Refresh skew, retry policy, logging. `reauthenticationHandler` applies
    ///     only to the user's tokens built by ``init(credentials:refresher:transport:configuration:)``.
    public init(
        credentials: any CredentialsProvider,
        transport: any HTTPTransport = DefaultHTTPTransport.shared,
        configuration: Configuration = .init()
    ) {
        self.transport = transport
        self.configuration = configuration
        self.tokenOrigins = Mutex(Set(configuration.trustedTokenOrigins.compactMap(Self.trustableOrigin)))
        let events = SessionEvents(configuration.observers)
        self.events = events
        self.tokens = SessionTokenCoordinator(
            provider: credentials, skew: configuration.refreshSkew, now: configuration.now, retry: configuration.retry,
            sleep: configuration.sleep, events: events)
        self.apiKey = nil
    }

    /// A session that sends an API key (`x-goog-api-key`, never in the URL) and no token: for
    /// public data, such as most YouTube Data API reads. No token is fetched or refreshed, and a
    /// 401 is returned as it is.
    /// - Parameters:
    ///   - apiKey: The key, with an optional quota project.
    ///   - transport: Sends the HTTP requests.
    ///   - configuration: Retry policy and logging (the token settings do not apply).
    public init(apiKey: APIKey, transport: any HTTPTransport = DefaultHTTPTransport.shared, configuration: Configuration = .init()) {
        self.transport = transport
        self.configuration = configuration
        self.tokenOrigins = Mutex(Set(configuration.trustedTokenOrigins.compactMap(Self.trustableOrigin)))
        self.events = SessionEvents(configuration.observers)
        self.tokens = nil
        self.apiKey = apiKey
    }

    // MARK: - Credentials

    /// The credentials behind this session's tokens; `nil` for an API-key session.
    public var credentials: (any CredentialsProvider)? { tokens?.provider }

    /// Where the credentials come from, whose they are and their quota project.
    public func credentialsSummary() async -> CredentialsSummary {
        if let apiKey {
            return CredentialsSummary(kind: .apiKey, source: apiKey.source, quotaProjectID: apiKey.quotaProjectID)
        }
        return await tokens?.provider.summary() ?? CredentialsSummary(kind: .other, source: "none")
    }

    /// When the token the session holds expires (`nil` when it holds none, or it is unknown).
    public var cachedTokenExpiry: Date? { tokens?.snapshot.token?.expiresAt }

    /// The scopes granted to the credentials; empty when unknown (or an API key).
    /// - Throws: `GoogleAuth/OAuthError/Code/reauthenticationRequired` after `invalid_grant`,
    ///   or the store's error.
    public var grantedScopes: Set<String> {
        get async throws {
            guard let tokens else { return [] }
            if let cached = tokens.snapshot.token { return cached.scopes }
            return try await tokens.provider.knownScopes()
        }
    }

    /// An access token valid for at least the refresh skew, refreshing if needed.
    /// - Throws: `GoogleAuth/OAuthError/Code/notAuthorized` for an API-key session, or what the
    ///   credentials throw.
    public func accessToken() async throws -> AccessToken {
        guard let tokens else { throw OAuthError(code: .notAuthorized) }
        if let cached = tokens.snapshot.validToken(now: configuration.now(), skew: configuration.refreshSkew) {
            return cached
        }
        return try await tokens.validToken()
    }

    /// Credentials with an access token valid for at least the refresh skew, refreshing if needed.
    /// For the user's tokens these are the stored credentials; for other credentials only the
    /// access token, its expiry and scopes are set.
    /// - Throws: `GoogleAuth/OAuthError`, or what the credentials throw.
    public func validCredentials() async throws -> OAuthTokens {
        let token = try await accessToken()
        if let user = tokens?.provider as? OAuthUserCredentials, let stored = try await user.currentCredentials(),
            stored.accessToken == token.value
        {
            return stored
        }
        return OAuthTokens(accessToken: token.value, expiresAt: token.expiresAt, refreshToken: nil, scopes: token.scopes)
    }

    /// Saves credentials obtained by rerunning authorization and leaves the reauthentication state.
    /// - Throws: The token store's error; `GoogleAuth/OAuthError/Code/notAuthorized` when the
    ///   session's credentials are not the user's OAuth tokens.
    public func updateCredentials(_ credentials: OAuthTokens) async throws {
        guard let tokens, let user = tokens.provider as? OAuthUserCredentials else {
            throw OAuthError(code: .notAuthorized)
        }
        try await user.replace(with: credentials)
        await tokens.reset(to: OAuthUserCredentials.boundedByGrant(credentials.token, credentials))
    }

    /// `request` with the access token of `credentials` attached as configured. It does not check
    /// where the request goes; the sending methods do (see
    /// `GoogleAuth/OAuthError/Code/untrustedTokenDestination`).
    public func authorizing(_ request: GoogleHTTPRequest, with credentials: OAuthTokens) -> GoogleHTTPRequest {
        authorizing(request, token: credentials.accessToken)
    }

    /// `request` with what this session adds: the token as configured (or the API key), and the
    /// credentials' request metadata (`x-goog-user-project`).
    func authorizing(_ request: GoogleHTTPRequest, token: String?) -> GoogleHTTPRequest {
        var authorized = request
        if let apiKey {
            authorized.headers["x-goog-api-key"] = apiKey.value
            if let project = apiKey.quotaProjectID { authorized.headers["x-goog-user-project"] = project }
            return authorized
        }
        for (name, value) in tokens?.provider.requestMetadata ?? [] { authorized.headers[name] = value }
        guard let token else { return authorized }
        switch configuration.tokenPlacement {
        case .authorizationHeader:
            authorized.headers["Authorization"] = "Bearer \(token)"
        case .queryParameter:
            if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
                var items = components.percentEncodedQueryItems ?? []
                items.removeAll { $0.name == "access_token" }
                let encoded = PercentEncoding.encodeUnreserved(token)
                items.append(URLQueryItem(name: "access_token", value: encoded))
                components.percentEncodedQueryItems = items
                if let url = components.url { authorized.url = url }
            }
        }
        return authorized
    }

    // MARK: - Where the token goes

    /// Trusts the origin of a service's root URL with the access token. A root that may not carry
    /// a token (plain http to a host that is not loopback) is not trusted, so requests to it fail
    /// with ``OAuthError/Code/untrustedTokenDestination``.
    package func trustTokenOrigin(ofRoot rootURL: URL) {
        guard let origin = Self.trustableOrigin(rootURL) else { return }
        _ = tokenOrigins.withLock { $0.insert(origin) }
    }

    /// Refuses, before any token is looked up or sent, a URL the token does not belong to.
    /// - Throws: ``OAuthError/Code/untrustedTokenDestination``.
    func requireTokenDestination(_ url: URL) throws(OAuthError) {
        let text = url.absoluteString
        if let prefix = lastTrustedPrefix.withLock({ $0 }), text.utf8.starts(with: prefix.utf8) { return }
        let trusted = tokenOrigins.withLock { $0 }
        do {
            try CredentialDestination.requireTrusted(url, trusted: trusted)
        } catch {
            throw .untrustedTokenDestination(url: error.url, reason: error.reason)
        }
        if let prefix = CredentialDestination.plainOriginPrefix(text) {
            lastTrustedPrefix.withLock { $0 = String(prefix) }
        }
    }

    private static func trustableOrigin(_ url: URL) -> CredentialDestination.Origin? {
        guard (try? CredentialDestination.requireSecureTransport(url)) != nil else { return nil }
        return CredentialDestination.Origin(url)
    }

    // MARK: - Sending

    /// Sends `request` with the user's access token and reads the whole response.
    ///
    /// A 401 refreshes the token once and re-sends; retryable failures are repeated per
    /// ``Configuration/retry`` (or `retryPolicy`) when `idempotent` is true. Error statuses are
    /// returned, not thrown — except a 403 saying the day's quota is spent, which throws
    /// ``GoogleQuotaExceededError`` (see ``GoogleRequestContext`` for what `methodID` names).
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - idempotent: Whether repeating the request is safe (enables retries).
    ///   - retryPolicy: Replaces ``Configuration/retry`` for this request; `nil` keeps it.
    ///   - methodID: The Discovery method ID the request calls (`drive.files.list`): the request
    ///     log names it and ``Configuration/quotaLedger`` prices by it; `nil` for none.
    ///   - callMiddleware: Middleware for this request only, inside the session's
    ///     ``Configuration/callMiddleware``.
    ///   - attemptMiddleware: Middleware for each attempt of this request only, inside the
    ///     session's ``Configuration/attemptMiddleware``.
    /// - Throws: `GoogleAuth/OAuthError`, `GoogleHTTPTypes/HTTPTransportError`, ``GoogleQuotaExceededError`` or
    ///   ``GoogleMiddlewareError``.
    public func send(
        _ request: GoogleHTTPRequest, idempotent: Bool, retryPolicy: RetryPolicy? = nil, methodID: String? = nil,
        callMiddleware: [any GoogleMiddleware] = [], attemptMiddleware: [any GoogleMiddleware] = []
    ) async throws -> GoogleHTTPResponse {
        try await sendClassified(
            request, idempotent: idempotent, retryPolicy: retryPolicy, methodID: methodID, callMiddleware: callMiddleware,
            attemptMiddleware: attemptMiddleware
        ).value
    }

    /// ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)`` with the error body as the session parsed it
    /// for its decisions (`nil` when it did not need to), so that the client's
    /// ``GoogleAPIError`` does not parse it again. `chargesQuota: false` sends a request of a call
    /// already charged (a resumable upload's chunks and status queries: Google charges the upload
    /// once), still named by `methodID` for middleware and events.
    func sendClassified(
        _ request: GoogleHTTPRequest, idempotent: Bool, retryPolicy: RetryPolicy?, methodID: String?, chargesQuota: Bool = true,
        callMiddleware: [any GoogleMiddleware] = [], attemptMiddleware: [any GoogleMiddleware] = []
    ) async throws -> (value: GoogleHTTPResponse, errorBody: JSONValue?) {
        try await perform(
            request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry, methodID: methodID,
            chargesQuota: chargesQuota, callMiddleware: callMiddleware, attemptMiddleware: attemptMiddleware
        ) { authorized in
            let response = try await self.transport.send(authorized)
            return SessionAttempt(
                head: response.head, value: response, body: .read(bytes: Int64(response.body.count)), errorBody: { response.body })
        }
    }

    /// Like ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)`` but writes the response body to `file`.
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - file: Created or truncated; on an error status it holds the error body.
    ///   - idempotent: Whether repeating the request is safe.
    ///   - retryPolicy: Overrides the session's policy (e.g. `.disabled` for callers that resume).
    ///   - methodID: The Discovery method ID the request calls, `nil` for none.
    ///   - callMiddleware: Middleware for this request only (see ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)``).
    ///   - attemptMiddleware: Middleware for each attempt of this request only.
    /// - Throws: Like ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)``.
    public func download(
        _ request: GoogleHTTPRequest, to file: URL, idempotent: Bool = true, retryPolicy: RetryPolicy? = nil, methodID: String? = nil,
        callMiddleware: [any GoogleMiddleware] = [], attemptMiddleware: [any GoogleMiddleware] = []
    ) async throws -> GoogleHTTPResponseHead {
        let observed = hasMiddleware(callMiddleware, attemptMiddleware)
        return try await perform(
            request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry, methodID: methodID,
            callMiddleware: callMiddleware, attemptMiddleware: attemptMiddleware
        ) { authorized in
            let head = try await self.transport.download(authorized, to: file)
            return SessionAttempt(
                head: head, value: head, body: .read(bytes: observed ? Self.fileSize(file) : 0),
                errorBody: {
                    guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
                    defer { try? handle.close() }
                    return (try? handle.read(upToCount: 64 << 10)) ?? Data()
                })
        }.value
    }

    /// Like ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)`` but returns once the response head
    /// arrived; the body streams. Bodies of responses that are retried or refreshed are drained and
    /// discarded.
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - idempotent: Whether repeating the request is safe.
    ///   - retryPolicy: Overrides the session's policy.
    ///   - methodID: The Discovery method ID the request calls, `nil` for none.
    ///   - callMiddleware: Middleware for this request only (see ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)``).
    ///   - attemptMiddleware: Middleware for each attempt of this request only.
    /// - Throws: Like ``send(_:idempotent:retryPolicy:methodID:callMiddleware:attemptMiddleware:)``.
    public func stream(
        _ request: GoogleHTTPRequest, idempotent: Bool = true, retryPolicy: RetryPolicy? = nil, methodID: String? = nil,
        callMiddleware: [any GoogleMiddleware] = [], attemptMiddleware: [any GoogleMiddleware] = []
    ) async throws -> HTTPStreamingResponse {
        // Middleware learns when a streamed body ends (GoogleMiddlewareResponse.onBodyEnd): its
        // body is wrapped to report that only when some middleware could listen.
        let observed = hasMiddleware(callMiddleware, attemptMiddleware)
        return try await perform(
            request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry, methodID: methodID,
            callMiddleware: callMiddleware, attemptMiddleware: attemptMiddleware
        ) { authorized in
            let response = try await self.transport.stream(authorized)
            if response.status >= 300 {
                let body = (try? await response.body.prefix(maxBytes: GoogleAPIError.rawBodyLimit)) ?? Data()
                return SessionAttempt(
                    head: response.head, value: HTTPStreamingResponse(head: response.head, body: HTTPResponseBody.single(body)),
                    body: .read(bytes: Int64(body.count)), errorBody: { body })
            }
            guard observed else { return SessionAttempt(head: response.head, value: response, errorBody: { Data() }) }
            let tracked = TrackedResponseBody.wrap(response.body)
            return SessionAttempt(
                head: response.head, value: HTTPStreamingResponse(head: response.head, body: tracked.body),
                body: .streaming(tracked.tracker), errorBody: { Data() })
        }.value
    }
}

// MARK: - Helpers

extension HTTPResponseBody {
    /// A body that yields `data` once.
    static func single(_ data: Data) -> HTTPResponseBody {
        let box = SingleChunkBox(data)
        return HTTPResponseBody(nextChunk: { box.take() })
    }
}

/// Hands out its chunk once.
final class SingleChunkBox: Sendable {
    private let chunk: Mutex<Data?>
    init(_ data: Data) { chunk = Mutex(data.isEmpty ? nil : data) }
    func take() -> Data? {
        chunk.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
