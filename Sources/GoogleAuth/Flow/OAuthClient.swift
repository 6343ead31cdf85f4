import Foundation
import GoogleBase
public import GoogleHTTP
import GoogleHTTPTypes

// MARK: - OAuthClient

/// Google's OAuth 2.0 flow for installed (desktop, command-line) apps: loopback or custom-scheme
/// authorization with PKCE, code exchange, refresh, revocation, and the device flow.
///
/// ```swift
/// let client = OAuthClient(configuration: try OAuthClientConfiguration(contentsOf: secretFile))
/// let credentials = try await client.authorize(scopes: ["https://www.googleapis.com/auth/drive.readonly"])
/// ```
public struct OAuthClient: Sendable {
    /// The OAuth client and its endpoints.
    public let configuration: OAuthClientConfiguration
    /// Carries every request to the OAuth endpoints.
    public let transport: any HTTPTransport
    /// The current time, used to turn `expires_in` into absolute expiry dates. A test seam, not
    /// configuration.
    @_spi(Testing) public var clock: @Sendable () -> Date = { Date() }
    /// How the device flow waits between polls. A test seam, not configuration: the server's
    /// `interval` (and `slow_down`) decide the waits.
    @_spi(Testing) public var sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    /// Time limits for each request to an OAuth endpoint.
    public var timeouts: HTTPTimeouts
    /// The most bytes an OAuth endpoint's answer may have (token, revocation and device
    /// answers are a few hundred bytes; 1 MiB by default). A larger one fails with
    /// ``OAuthError/Code/transport`` of kind `.responseTooLarge` as soon as it passes the limit.
    public var maxResponseBodyBytes: Int = CredentialsHTTP.maximumAnswerBytes
    /// Receives one entry per request to an OAuth endpoint — code exchange, refresh, revocation,
    /// device authorization and each device-flow poll — in the shape of a session's request log:
    /// endpoint URL, status, the OAuth `error` code, duration, headers with credentials redacted,
    /// and for device polls the wait before the next poll. Bodies (codes, tokens, the client
    /// secret) are never logged. An `AuthorizedSession` built with this client as its refresher
    /// passes its own logger here when this one is `nil`.
    public var logger: (@Sendable (RequestLogEntry) -> Void)?

    /// - Parameters:
    ///   - configuration: The OAuth client and endpoints.
    ///   - transport: The HTTP transport (by default `DefaultHTTPTransport.shared`, the process's one).
    ///   - logger: Receives one entry per request to an OAuth endpoint (see ``logger``).
    public init(
        configuration: OAuthClientConfiguration,
        transport: any HTTPTransport = DefaultHTTPTransport.shared,
        logger: (@Sendable (RequestLogEntry) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.timeouts = HTTPTimeouts(connect: .seconds(30), request: .seconds(60))
        self.logger = logger
    }

    // MARK: - Authorization code

    /// Prepares an authorization request for a redirect URI the app handles itself (a custom
    /// scheme such as `com.googleusercontent.apps.123:/oauth2redirect`). Open `url`, then pass the
    /// callback URL to ``completeAuthorization(_:callbackURL:)``.
    /// - Parameters:
    ///   - scopes: Scopes to request.
    ///   - redirectURI: The redirect URI registered for the client.
    ///   - options: Optional parameters.
    public func makeAuthorizationRequest(
        scopes: [String], redirectURI: String, options: AuthorizationOptions = .init()
    ) -> AuthorizationRequest {
        AuthorizationRequest(configuration: configuration, scopes: scopes, redirectURI: redirectURI, options: options)
    }

    /// Checks a callback URL against the request (state first) and exchanges its code.
    /// - Parameters:
    ///   - request: The request made by ``makeAuthorizationRequest(scopes:redirectURI:options:)``.
    ///   - callbackURL: The URL the app was opened with.
    /// - Throws: ``OAuthError`` (`.stateMismatch` before anything is exchanged, the callback's `error`, …).
    public func completeAuthorization(_ request: AuthorizationRequest, callbackURL: URL) async throws -> OAuthTokens {
        let code = try request.authorizationCode(from: AuthorizationCallback(url: callbackURL))
        return try await exchangeCode(code, for: request)
    }

    /// Exchanges an authorization code for tokens (`grant_type=authorization_code` with the PKCE verifier).
    /// - Parameters:
    ///   - code: The code from the redirect.
    ///   - request: The request that produced it (for `redirect_uri` and the verifier).
    /// - Throws: ``OAuthError``.
    public func exchangeCode(_ code: String, for request: AuthorizationRequest) async throws -> OAuthTokens {
        var form: [(String, String)] = [("code", code), ("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        form += [
            ("code_verifier", request.pkce.verifier),
            ("grant_type", "authorization_code"),
            ("redirect_uri", request.redirectURI),
        ]
        let response = try await postForm(configuration.endpoints.token, form, kind: .codeExchange)
        return try TokenEndpointResult.parse(
            response, requestedScopes: request.scopes, now: clock(), endpoint: configuration.endpoints.token
        ).credentials()
    }

    // MARK: - Refresh and revoke

    /// Gets a new access token with a refresh token. The result's `refreshToken` is `nil` unless
    /// the server sent a new one (Google usually does not): keep the old one.
    /// - Parameter refreshToken: The refresh token.
    /// - Throws: ``OAuthError``; `.invalidGrant` means the user must authorize again.
    public func refresh(refreshToken: String) async throws -> OAuthTokens {
        var form: [(String, String)] = [("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        form += [("grant_type", "refresh_token"), ("refresh_token", refreshToken)]
        let response = try await postForm(configuration.endpoints.token, form, kind: .tokenRefresh)
        return try TokenEndpointResult.parse(
            response, requestedScopes: [], now: clock(), endpoint: configuration.endpoints.token
        ).credentials()
    }

    /// Refreshes `credentials`, keeping its refresh token when the server does not send a new one.
    /// - Throws: ``OAuthError/Code/missingRefreshToken``, or what ``refresh(refreshToken:)`` throws.
    public func refresh(_ credentials: OAuthTokens) async throws -> OAuthTokens {
        guard let refreshToken = credentials.refreshToken else { throw OAuthError(code: .missingRefreshToken) }
        var fresh = try await refresh(refreshToken: refreshToken)
        if fresh.refreshToken == nil {
            fresh.refreshToken = refreshToken
            fresh.refreshTokenExpiresAt = fresh.refreshTokenExpiresAt ?? credentials.refreshTokenExpiresAt
        }
        if fresh.idToken == nil { fresh.idToken = credentials.idToken }
        return fresh
    }

    /// Revokes an access or refresh token (revoking either ends the whole grant at Google).
    /// - Parameter token: The token to revoke.
    /// - Throws: ``OAuthError/Code/invalidToken`` when the server answers 400 (already
    ///   revoked or unknown), other ``OAuthError`` cases for other failures.
    public func revoke(token: String) async throws {
        let response = try await postForm(configuration.endpoints.revocation, [("token", token)], kind: .revocation)
        guard (200..<300).contains(response.status) else {
            if let object = TokenEndpointResult.jsonObject(response.body), let code = object["error"]?.stringValue {
                throw OAuthError(code: code, description: object["error_description"]?.stringValue)
            }
            throw OAuthError.unexpectedResponse(status: response.status, excerpt: SecretRedactor.excerpt(of: response.body))
        }
    }

    /// Revokes the grant behind `credentials` (using the refresh token when there is one).
    /// - Throws: See ``revoke(token:)``.
    public func revoke(_ credentials: OAuthTokens) async throws {
        try await revoke(token: credentials.refreshToken ?? credentials.accessToken)
    }

    // MARK: - HTTP

    /// Refuses an endpoint that would carry secrets over plain http to a host that is not loopback.
    /// - Throws: ``OAuthError/Code/insecureEndpoint``.
    static func requireSecureEndpoint(_ url: URL) throws(OAuthError) {
        do {
            try CredentialDestination.requireSecureTransport(url)
        } catch {
            throw .insecureEndpoint(url: error.url, reason: error.reason)
        }
    }

    /// POSTs a form and returns whatever came back; transport failures become ``OAuthError/Code/transport``.
    /// Each request is reported to ``logger`` as `kind`.
    /// - Parameters:
    ///   - url: The endpoint.
    ///   - form: The form fields (never logged).
    ///   - kind: What the request is, for the log.
    ///   - attempt: Its number in a series (device-flow polls).
    ///   - nextDelay: The wait before the next request in the series after this answer, for the log.
    /// - Throws: ``OAuthError/Code/insecureEndpoint`` before sending to an insecure URL.
    func postForm(
        _ url: URL, _ form: [(String, String)], kind: RequestLogEntry.Kind, attempt: Int = 1,
        nextDelay: (GoogleHTTPResponse) -> Duration? = { _ in nil }
    ) async throws -> GoogleHTTPResponse {
        try Self.requireSecureEndpoint(url)
        var request = GoogleHTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: .data(Data(FormURLEncoding.encode(form).utf8)), timeouts: timeouts)
        request.maxResponseBodyBytes = maxResponseBodyBytes
        let started = ContinuousClock.now
        do {
            let response = try await transport.send(request)
            if let logger {
                logger(
                    RequestLogEntry(
                        method: request.method, url: SecretRedactor.redactedURL(url), status: response.status,
                        duration: ContinuousClock.now - started, attempt: attempt, error: Self.loggedErrorCode(response), kind: kind,
                        requestHeaders: RequestLogEntry.redacted(request.headers),
                        responseHeaders: RequestLogEntry.redacted(response.headers), retryDelay: nextDelay(response)))
            }
            return response
        } catch let error as HTTPTransportError {
            logger?(
                RequestLogEntry(
                    method: request.method, url: SecretRedactor.redactedURL(url), status: nil, duration: ContinuousClock.now - started,
                    attempt: attempt, error: SecretRedactor.redact(error.description), kind: kind,
                    requestHeaders: RequestLogEntry.redacted(request.headers)))
            if error.kind == .cancelled { throw OAuthError(code: .cancelled) }
            throw OAuthError.transport(error)
        } catch is CancellationError {
            throw OAuthError(code: .cancelled)
        }
    }

    /// The OAuth `error` code of an answer, for the log: only a short identifier is shown
    /// (what the standard codes look like), so nothing the server echoes back can leak.
    static func loggedErrorCode(_ response: GoogleHTTPResponse) -> String? {
        guard !(200..<300).contains(response.status), let object = TokenEndpointResult.jsonObject(response.body),
            let code = object["error"]?.stringValue
        else { return nil }
        let allowed =
            code.utf8.count <= 64
            && code.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "."
            }
        return allowed ? code : "(an error code that is not a plain identifier)"
    }
}
