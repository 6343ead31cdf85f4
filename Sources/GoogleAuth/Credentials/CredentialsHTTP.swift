import Foundation
import GoogleBase
import GoogleHTTP
import GoogleHTTPTypes
import GoogleJSON

// MARK: - CredentialsHTTP

/// The requests credentials make to token endpoints, the metadata server and IAM Credentials:
/// the endpoint rule, one size limit, one token check, transport errors and answers turned into
/// ``CredentialsError``s that name the source.
enum CredentialsHTTP {
    /// Each request's limits. Token endpoints and IAM answer in well under a second; a few
    /// seconds per attempt keep a session's retries of a silent endpoint within a minute (a
    /// general request timeout per attempt made them take minutes).
    static let timeouts = HTTPTimeouts(connect: .seconds(5), request: .seconds(10), stall: .seconds(10))

    /// The most bytes any credentials answer may have — token, metadata, IAM and device answers
    /// alike, the OAuth client's limit — counted by the transport after decoding. They are a few
    /// hundred bytes; a larger one is refused the moment it passes this.
    static let maximumAnswerBytes = 1 << 20

    /// Refuses an endpoint that would receive a secret over plain http to a host that is not loopback.
    /// - Throws: ``CredentialsError`` (`.insecureEndpoint`).
    static func requireSecure(_ url: URL, _ what: String) throws(CredentialsError) {
        do {
            try CredentialDestination.requireSecureTransport(url)
        } catch {
            throw CredentialsError(
                .insecureEndpoint, "refused to send credentials to the \(what) \(error.url): \(error.reason)",
                remedy: "use https (plain http is allowed only to 127.0.0.0/8, ::1 or localhost)")
        }
    }

    /// Sends `request` with the credentials answer limit; transport failures become
    /// ``CredentialsError`` (`.transport`, or `.responseTooLarge`).
    static func send(_ request: GoogleHTTPRequest, _ transport: any HTTPTransport, _ what: String) async throws -> GoogleHTTPResponse {
        var request = request
        request.maxResponseBodyBytes = maximumAnswerBytes
        let endpoint = SecretRedactor.redactedURL(request.url)
        do {
            return try await transport.send(request)
        } catch let error as HTTPTransportError {
            if error.kind == .cancelled { throw CancellationError() }
            if error.kind == .responseTooLarge {
                throw CredentialsError(
                    .responseTooLarge,
                    "the \(what) answered with more than \(maximumAnswerBytes >> 20) MiB, far more than any credentials "
                        + "answer; nothing of it was used",
                    remedy: "check what answers at \(endpoint) (a proxy or a wrong host?)", endpoint: endpoint)
            }
            throw CredentialsError(
                .transport, "the \(what) could not be reached: \(error)", endpoint: endpoint, transportError: error)
        }
    }

    /// The members of a JSON object body; `nil` for anything else (HTML, truncated JSON, arrays).
    static func jsonObject(_ body: Data) -> [String: JSONValue]? {
        guard !body.isEmpty, case .object(let members)? = try? JSONValue(parsing: body) else { return nil }
        return members
    }

    /// The error for an answer that is not the JSON expected (an HTML page from a proxy…).
    static func unexpected(_ response: GoogleHTTPResponse, _ what: String, endpoint: String? = nil) -> CredentialsError {
        CredentialsError(
            .unexpectedResponse,
            "the \(what) answered HTTP \(response.status) with something that is not the expected JSON: \(SecretRedactor.excerpt(of: response.body))",
            status: response.status, endpoint: endpoint, retryAfter: retryAfter(response))
    }

    /// The answer's `Retry-After`, which a session's retry honours (capped by its policy).
    static func retryAfter(_ response: GoogleHTTPResponse) -> Duration? {
        RetryAfterValue.delay(response.headers["Retry-After"], now: Date())
    }

    // MARK: - Tokens

    /// The one check every access token passes where it arrives, whatever its source: it can be
    /// sent in an `Authorization: Bearer` header, and its `token_type` (when given) is Bearer.
    /// - Parameters:
    ///   - token: The access token.
    ///   - tokenType: The answer's `token_type`, or `nil` when it has none.
    ///   - what: The source, as errors name it (`metadata server at HOST`, `token endpoint URL`…).
    /// - Throws: ``CredentialsError`` (`.unusableToken`), which never shows the token.
    static func requireUsable(_ token: String, tokenType: String? = nil, from what: String, endpoint: String? = nil)
        throws(CredentialsError)
    {
        let problem = AccessTokenCheck.problem(with: token) ?? tokenType.flatMap { AccessTokenCheck.problem(withTokenType: $0) }
        guard let problem else { return }
        throw CredentialsError(
            .unusableToken, "the \(what) sent an access token that cannot be used: \(problem); it was not stored or sent",
            remedy: "check what answers there (a proxy, a wrong host or a faulty server); nothing else helps", endpoint: endpoint)
    }

    /// An OAuth token endpoint's (or the metadata server's) answer (`access_token`, `expires_in`,
    /// `token_type`) as an ``AccessToken``, checked by ``requireUsable(_:tokenType:from:endpoint:)``.
    /// - Throws: ``CredentialsError``: `.tokenEndpointError` for `error`/`error_description`,
    ///   `.clockSkew` for a JWT refused for its time or a token already expired,
    ///   `.unusableToken`, `.unexpectedResponse` for anything that is not a token object.
    static func oauthToken(
        _ response: GoogleHTTPResponse, now: Date, scopes: Set<String>, _ what: String, endpoint: String? = nil
    ) throws(CredentialsError) -> AccessToken {
        guard let object = jsonObject(response.body) else { throw unexpected(response, what, endpoint: endpoint) }
        if let code = object["error"]?.stringValue {
            let description = object["error_description"]?.stringValue
            let detail = description.map { ": \(SecretRedactor.redact($0))" } ?? ""
            if code == "invalid_grant", let description, ClockCheck.blamesTime(description) {
                throw CredentialsError(
                    .clockSkew, "the \(what) refused the JWT for its time (invalid_grant\(detail))",
                    remedy: ClockCheck.remedy(response, now: now), status: response.status, endpoint: endpoint)
            }
            throw CredentialsError(
                .tokenEndpointError, "the \(what) refused the request (\(SecretRedactor.redact(code))\(detail))",
                status: response.status, endpoint: endpoint, retryAfter: retryAfter(response))
        }
        guard (200..<300).contains(response.status), let token = object["access_token"]?.stringValue else {
            throw unexpected(response, what, endpoint: endpoint)
        }
        try requireUsable(token, tokenType: object["token_type"]?.stringValue, from: what, endpoint: endpoint)
        let seconds = object["expires_in"]?.doubleValue ?? object["expires_in"]?.stringValue.flatMap(Double.init)
        if let seconds, seconds <= 0 {
            throw CredentialsError(
                .clockSkew, "the \(what) sent a token that had already expired when it arrived (expires_in \(Int(max(seconds, -1e9))))",
                remedy: ClockCheck.remedy(response, now: now), status: response.status, endpoint: endpoint)
        }
        let lifetime = TokenLifetime.clamped(seconds)
        return AccessToken(value: token, expiresAt: lifetime.map { now.addingTimeInterval($0) }, scopes: scopes)
    }

    /// POSTs a form to an OAuth token endpoint and reads the token.
    static func postTokenForm(
        _ url: URL, _ form: [(String, String)], transport: any HTTPTransport, now: Date, scopes: Set<String>, what: String
    ) async throws -> AccessToken {
        try requireSecure(url, what)
        let request = GoogleHTTPRequest(
            method: .post, url: url,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: .data(Data(FormURLEncoding.encode(form).utf8)), timeouts: timeouts)
        let response = try await send(request, transport, what)
        return try oauthToken(response, now: now, scopes: scopes, what, endpoint: SecretRedactor.redactedURL(url))
    }
}
