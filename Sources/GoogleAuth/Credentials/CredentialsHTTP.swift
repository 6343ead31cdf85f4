import Foundation
import GoogleHTTPTypes
import GoogleHTTP
import GoogleJSON
import GoogleBase

// MARK: - CredentialsHTTP

/// The requests credentials make to token endpoints, the metadata server and IAM Credentials:
/// the endpoint rule, transport errors and answers turned into ``CredentialsError``s.
enum CredentialsHTTP {
    static let timeouts = HTTPTimeouts(connect: .seconds(30), request: .seconds(60))

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

    /// Sends `request`; transport failures become ``CredentialsError`` (`.transport`).
    static func send(_ request: GoogleHTTPRequest, _ transport: any HTTPTransport, _ what: String) async throws -> GoogleHTTPResponse {
        do {
            return try await transport.send(request)
        } catch let error as HTTPTransportError {
            if error.kind == .cancelled { throw CancellationError() }
            throw CredentialsError(.transport, "the \(what) could not be reached: \(error)")
        }
    }

    /// The members of a JSON object body; `nil` for anything else (HTML, truncated JSON, arrays).
    static func jsonObject(_ body: Data) -> [String: JSONValue]? {
        guard !body.isEmpty, case .object(let members)? = try? JSONValue(parsing: body) else { return nil }
        return members
    }

    /// The error for an answer that is not the JSON expected (an HTML page from a proxy…).
    static func unexpected(_ response: GoogleHTTPResponse, _ what: String) -> CredentialsError {
        CredentialsError(
            .unexpectedResponse,
            "the \(what) answered HTTP \(response.status) with something that is not the expected JSON: \(SecretRedactor.excerpt(of: response.body))",
            status: response.status)
    }

    /// An OAuth token endpoint's answer (`access_token`, `expires_in`) as an ``AccessToken``.
    /// - Throws: ``CredentialsError``: `.tokenEndpointError` for `error`/`error_description`,
    ///   `.unexpectedResponse` for anything that is not a token object.
    static func oauthToken(_ response: GoogleHTTPResponse, now: Date, scopes: Set<String>, _ what: String) throws(CredentialsError) -> AccessToken {
        guard let object = jsonObject(response.body) else { throw unexpected(response, what) }
        if let code = object["error"]?.stringValue {
            let detail = object["error_description"]?.stringValue.map { ": \(SecretRedactor.redact($0))" } ?? ""
            throw CredentialsError(
                .tokenEndpointError, "the \(what) refused the request (\(SecretRedactor.redact(code))\(detail))", status: response.status)
        }
        guard (200..<300).contains(response.status), let token = object["access_token"]?.stringValue, !token.isEmpty else {
            throw unexpected(response, what)
        }
        let lifetime = TokenLifetime.clamped(object["expires_in"]?.doubleValue ?? object["expires_in"]?.stringValue.flatMap(Double.init))
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
        return try oauthToken(try await send(request, transport, what), now: now, scopes: scopes, what)
    }
}
