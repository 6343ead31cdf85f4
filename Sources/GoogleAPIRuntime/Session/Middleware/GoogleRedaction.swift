public import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - GoogleRedaction

/// The package's redaction rule, for adapters that show text the session did not redact (an
/// error's description in a log line or a span): the one list of secrets everything the package
/// prints goes through.
///
/// What is masked, wherever it stands in the text: `Bearer` credentials; Google access tokens
/// (`ya29.…`), refresh tokens (`1//…`), JWTs such as ID tokens (`eyJ…`) and API keys (`AIza…`);
/// the values of secret parameters and JSON fields (`key=`, `access_token=`, `refresh_token=`,
/// `code=`, `client_secret`, `upload_id`, `private_key`, …); secret headers shown as
/// `Name: value` (`Authorization`, `x-goog-api-key`, `X-Goog-Channel-Token`, cookies); and PEM
/// private keys. Each is replaced by `REDACTED`.
///
/// ```swift
/// let line = GoogleRedaction.redact("refused Bearer ya29.a0Af and key=AIzaSy")
/// // "refused Bearer REDACTED and key=REDACTED"
/// ```
///
/// Everything the session hands to middleware and observers is redacted by it already.
public enum GoogleRedaction {
    /// What a masked value is replaced with: `REDACTED`.
    public static var mask: String { SecretRedactor.mask }

    /// `text` with every secret the package knows masked (see the type's documentation).
    /// - Parameter text: Any text: an error's description, a response excerpt, a header line.
    /// - Returns: The text, secrets replaced by ``mask``.
    public static func redact(_ text: String) -> String {
        SecretRedactor.redact(text)
    }

    /// `url` without user info and fragment, with the values of secret query parameters masked
    /// (`key`, `access_token`, `upload_id`, …), or of every query parameter with `allQueryValues`.
    /// - Parameters:
    ///   - url: The URL.
    ///   - allQueryValues: Masks every query value, not only the known secret ones.
    public static func redactedURL(_ url: URL, allQueryValues: Bool = false) -> String {
        SecretRedactor.redactedURL(url, allQueryValues: allQueryValues)
    }

    /// Like ``redactedURL(_:allQueryValues:)`` for text that should be a URL; `<invalid URL>`
    /// when it is not one.
    /// - Parameters:
    ///   - text: The URL's text.
    ///   - allQueryValues: Masks every query value, not only the known secret ones.
    public static func redactedURL(_ text: String, allQueryValues: Bool = false) -> String {
        URL(string: text).map { SecretRedactor.redactedURL($0, allQueryValues: allQueryValues) } ?? "<invalid URL>"
    }

    /// `value` as it may be shown for the header `name`: a credential keeps its scheme
    /// (`Bearer REDACTED`), a header whose name says token, secret or key is masked, and other
    /// values lose their token-shaped parts.
    /// - Parameters:
    ///   - value: The header's value.
    ///   - name: The header's name (any case).
    public static func redactedHeaderValue(_ value: String, name: String) -> String {
        if SecretRedactor.secretHeaderNames.contains(name.lowercased()) {
            return SecretRedactor.redactedValue(value, ofHeader: name)
        }
        return isSecretName(name) ? SecretRedactor.mask : SecretRedactor.redact(value)
    }

    /// Whether a header, attribute or parameter called `name` holds a secret: on the package's
    /// list, or named like one (containing `token`, `secret`, `password`, `apikey`, `signature`,
    /// or ending in `key`).
    /// - Parameter name: The name, any case.
    public static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if SecretRedactor.secretNames.contains(lowered) || SecretRedactor.secretHeaderNames.contains(lowered) { return true }
        if lowered == "key" || lowered.hasSuffix(".key") || lowered.hasSuffix("-key") || lowered.hasSuffix("_key") { return true }
        return secretWords.contains { lowered.contains($0) }
    }

    // MARK: - The session's own uses

    /// Headers only the session sets: a middleware can neither read nor replace them.
    static let sessionCredentialHeaders: Set<String> = ["authorization", "proxy-authorization", "x-goog-api-key"]

    /// Words in a name that mark its value as secret.
    private static let secretWords = ["token", "secret", "password", "apikey", "api-key", "api_key", "signature"]

    // MARK: - Errors as middleware sees them

    /// `error` as a middleware may see it: a transport failure as the same
    /// `GoogleHTTPTypes/HTTPTransportError` (kind, code, limit) with every query value of its URL
    /// and of URLs in its message masked and its message redacted; an error whose text shows no
    /// secret (by ``redact(_:)``) as it is; any other as ``GoogleRedactedError``, whose description
    /// loses every URL query value too.
    static func middlewareView(of error: any Error) -> any Error {
        switch error {
        case var transport as HTTPTransportError:
            transport.url = redactedURL(transport.url, allQueryValues: true)
            transport.message = redactForMiddleware(transport.message)
            return transport
        case is GoogleRedactedError, is CancellationError:
            return error
        default:
            // The package's own errors redact their descriptions, so they pass as they are (a
            // quota error naming a request's URL keeps its harmless query values and its type).
            let description = String(describing: error)
            let reflected = String(reflecting: error)
            if SecretRedactor.redact(description) == description, SecretRedactor.redact(reflected) == reflected { return error }
            return GoogleRedactedError(error)
        }
    }

    /// The error a call throws for `error` leaving its middleware: the original of a
    /// ``GoogleRedactedError`` the session made, else `error`.
    static func callError(for error: any Error) -> any Error {
        (error as? GoogleRedactedError)?.original ?? error
    }

    /// `text` redacted, and every `http(s)` URL in it without its query values.
    static func redactForMiddleware(_ text: String) -> String {
        let redacted = SecretRedactor.redact(text)
        guard redacted.contains("://"), redacted.contains("?") else { return redacted }
        var output = ""
        var rest = Substring(redacted)
        while let start = rest.range(of: "http")?.lowerBound {
            output += rest[..<start]
            let end =
                rest[start...].firstIndex { $0 == " " || $0 == "\"" || $0 == "'" || $0 == ">" || $0 == "\n" || $0 == ")" } ?? rest.endIndex
            let candidate = rest[start..<end]
            if candidate.hasPrefix("http://") || candidate.hasPrefix("https://"), candidate.contains("?"),
                let url = URL(string: String(candidate))
            {
                output += SecretRedactor.redactedURL(url, allQueryValues: true)
            } else {
                output += candidate
            }
            rest = rest[end...]
        }
        return output + rest
    }

    /// `value` as an observer may read it for the attribute `name`.
    static func attributeValue(_ value: String, name: String) -> String {
        if isSecretName(name) { return SecretRedactor.mask }
        // URLs lose their secret query values and user info; other text its token-shaped parts.
        if value.utf8.starts(with: "https://".utf8) || value.utf8.starts(with: "http://".utf8) {
            return SecretRedactor.redactedURLString(value)
        }
        return SecretRedactor.redact(value)
    }
}
