import Foundation
import GoogleAuth
public import GoogleHTTP
@_spi(Locking) import GoogleHTTPTypes
import Synchronization

// MARK: - AuthorizedSession

/// Sends requests on behalf of one user: adds the access token, refreshes it before it expires
/// and after a 401 (single-flight), persists refreshed tokens, and retries transient failures
/// with exponential backoff and full jitter.
public final class AuthorizedSession: Sendable {
    public let transport: any HTTPTransport
    public let configuration: Configuration
    let tokens: SessionTokenCoordinator
    /// Where the access token may go: the configured origins plus the root URL of every service
    /// client built on this session (see ``trustTokenOrigin(ofRoot:)``).
    private let tokenOrigins: Mutex<Set<CredentialDestination.Origin>>
    /// `scheme://host:port/` of the last URL that passed ``requireTokenDestination(_:)``: URLs
    /// starting with these bytes have that origin, and trusted origins are only ever added, so
    /// they pass without parsing the URL again (every request is checked).
    private let lastTrustedPrefix = PlainLock<String?>(nil)
    /// Shares the parse of a 403 body between the retry decision and the thrown error.
    let parsedErrorBody = ParsedErrorBody()

    /// - Parameters:
    ///   - store: Where the user's credentials live; refreshed tokens are saved back to it.
    ///   - refresher: Exchanges the refresh token for a new access token.
    ///   - transport: Sends the HTTP requests.
    ///   - configuration: Refresh skew, retry policy, logging and reauthentication hooks.
    public init(
        credentials store: any TokenStore,
        refresher: any TokenRefreshing,
        transport: any HTTPTransport = CurlTransport(),
        configuration: Configuration = .init()
    ) {
        self.transport = transport
        self.configuration = configuration
        self.tokenOrigins = Mutex(Set(configuration.trustedTokenOrigins.compactMap(Self.trustableOrigin)))
        self.tokens = SessionTokenCoordinator(
            store: store, refresher: refresher, skew: configuration.refreshSkew, now: configuration.now,
            reauthenticationHandler: configuration.reauthenticationHandler)
    }

    // MARK: - Credentials

    /// The scopes granted to the stored credentials; empty when unknown.
    /// - Throws: ``OAuthError/Code/reauthenticationRequired`` after `invalid_grant`,
    ///   or the store's error.
    public var grantedScopes: Set<String> {
        get async throws {
            if let cached = tokens.snapshot.credentials { return cached.scopes }
            return try await tokens.currentCredentials()?.scopes ?? []
        }
    }

    /// Credentials with an access token valid for at least the refresh skew, refreshing if needed.
    /// - Throws: ``OAuthError``.
    public func validCredentials() async throws -> OAuthCredentials {
        if let cached = tokens.snapshot.validCredentials(now: configuration.now(), skew: configuration.refreshSkew) {
            return cached
        }
        return try await tokens.validCredentials()
    }

    /// Saves credentials obtained by rerunning authorization and leaves the reauthentication state.
    /// - Throws: The token store's error.
    public func updateCredentials(_ credentials: OAuthCredentials) async throws {
        try await tokens.replace(with: credentials)
    }

    /// `request` with the access token of `credentials` attached as configured. It does not check
    /// where the request goes; the sending methods do (see
    /// ``OAuthError/Code/untrustedTokenDestination``).
    public func authorizing(_ request: HTTPRequest, with credentials: OAuthCredentials) -> HTTPRequest {
        var authorized = request
        switch configuration.tokenPlacement {
        case .authorizationHeader:
            authorized.headers["Authorization"] = "Bearer \(credentials.accessToken)"
        case .queryParameter:
            if var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
                var items = components.percentEncodedQueryItems ?? []
                items.removeAll { $0.name == "access_token" }
                let encoded = PercentEncoding.encodeUnreserved(credentials.accessToken)
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
    func trustTokenOrigin(ofRoot rootURL: URL) {
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
    /// ``Configuration/retry`` when `idempotent` is true. Error statuses are returned, not thrown.
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - idempotent: Whether repeating the request is safe (enables retries).
    /// - Throws: ``OAuthError`` or ``HTTPTransportError``.
    public func send(_ request: HTTPRequest, idempotent: Bool) async throws -> HTTPResponse {
        try await send(request, idempotent: idempotent, retryPolicy: nil)
    }

    /// ``send(_:idempotent:)`` with a retry policy for this request only.
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - idempotent: Whether repeating the request is safe (enables retries).
    ///   - retryPolicy: Replaces ``Configuration/retry`` for this request; `nil` keeps it.
    /// - Throws: ``OAuthError`` or ``HTTPTransportError``.
    public func send(_ request: HTTPRequest, idempotent: Bool, retryPolicy: RetryPolicy?) async throws -> HTTPResponse {
        try await perform(request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry) { authorized in
            let response = try await self.transport.send(authorized)
            return SessionAttempt(head: response.head, value: response, errorBody: { response.body })
        }
    }

    /// Like ``send(_:idempotent:)`` but writes the response body to `file`.
    /// - Parameters:
    ///   - request: The request, without authorization.
    ///   - file: Created or truncated; on an error status it holds the error body.
    ///   - idempotent: Whether repeating the request is safe.
    ///   - retryPolicy: Overrides the session's policy (e.g. `.disabled` for callers that resume).
    /// - Throws: ``OAuthError`` or ``HTTPTransportError``.
    public func download(
        _ request: HTTPRequest, to file: URL, idempotent: Bool = true, retryPolicy: RetryPolicy? = nil
    ) async throws -> HTTPResponseHead {
        try await perform(request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry) { authorized in
            let head = try await self.transport.download(authorized, to: file)
            return SessionAttempt(head: head, value: head, errorBody: {
                guard let handle = try? FileHandle(forReadingFrom: file) else { return Data() }
                defer { try? handle.close() }
                return (try? handle.read(upToCount: 64 << 10)) ?? Data()
            })
        }
    }

    /// Like ``send(_:idempotent:)`` but returns once the response head arrived; the body streams.
    /// Bodies of responses that are retried or refreshed are drained and discarded.
    /// - Throws: ``OAuthError`` or ``HTTPTransportError``.
    public func stream(
        _ request: HTTPRequest, idempotent: Bool = true, retryPolicy: RetryPolicy? = nil
    ) async throws -> HTTPStreamingResponse {
        try await perform(request, idempotent: idempotent, retryPolicy: retryPolicy ?? configuration.retry) { authorized in
            let response = try await self.transport.stream(authorized)
            let body = response.status >= 300 ? ((try? await response.body.collect(upTo: 1 << 20)) ?? Data()) : nil
            let streaming = body.map { collected in
                HTTPStreamingResponse(head: response.head, body: HTTPResponseBody.single(collected))
            } ?? response
            return SessionAttempt(head: response.head, value: streaming, errorBody: { body ?? Data() })
        }
    }
}

// MARK: - SessionAttempt

/// One transport call's outcome, with a way to read an error body for retry decisions.
struct SessionAttempt<Value: Sendable>: Sendable {
    var head: HTTPResponseHead
    var value: Value
    var errorBody: @Sendable () async -> Data
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
    func take() -> Data? { chunk.withLock { value in defer { value = nil }; return value } }
}
