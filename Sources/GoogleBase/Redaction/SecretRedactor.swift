import Foundation

// MARK: - SecretRedactor

/// The one list of what counts as a secret, and the one place that masks it, for everything the
/// package prints: request logs, error descriptions, response excerpts, and the descriptions of
/// ``GoogleHTTPRequest`` and ``GoogleHTTPHeaders``.
///
/// Redaction errs on the side of masking: a value is masked when its name is on the list, whatever
/// the surrounding format (query string, form, JSON, header), and Google-shaped tokens are masked
/// wherever they stand.
package enum SecretRedactor {
    /// What a masked value is replaced with.
    package static let mask = "REDACTED"

    /// Parameter and JSON field names whose values are secrets (compared lowercased).
    package static let secretNames: Set<String> = [
        "access_token", "refresh_token", "id_token", "client_secret", "code", "device_code", "code_verifier",
        "token", "key", "api_key", "apikey", "password", "assertion", "upload_id",
        // Token exchange and signed URLs (a signed URL grants access by itself).
        "subject_token", "actor_token", "client_assertion", "x-goog-signature", "x-goog-credential", "signature", "sig",
        // A service account key file's key.
        "private_key", "private_key_id",
    ]

    /// Header names whose values are secrets (compared lowercased).
    package static let secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-goog-api-key",
        // A resumable upload's id: with it anyone can upload into the session.
        "x-guploader-uploadid",
    ]

    /// Markers after which a token follows: the bearer scheme, Google access tokens (`ya29.`),
    /// refresh tokens (`1//`), JWTs such as ID tokens (`eyJ`, a base64url `{"`) and Google API
    /// keys (`AIza`).
    private static let tokenMarkers = ["Bearer ", "ya29.", "1//", "eyJ", "AIza"]

    /// Headers whose value is masked where text shows them as `Name: value` (compared
    /// case-insensitively): the secret headers and a Drive channel's token.
    private static let secretHeaderLines = secretHeaderNames.union(["x-goog-channel-token"])

    /// Characters that end a header's value in running text.
    private static let headerValueStops: Set<Character> = ["\n", "\r", "\"", "'", ",", ";", ")"]

    /// Characters that end a `name=value` value in query strings, forms and running text.
    private static let valueStops: Set<Character> = ["&", "\"", "'", " ", "<", ">", "\n", "\r", "\t", ",", ";", ")"]

    // MARK: - Text

    /// `text` with the values of secret names (`name=value`, `"name": "value"`), secret headers
    /// shown as `Name: value`, PEM private keys and tokens masked.
    package static func redact(_ text: some StringProtocol) -> String {
        var result = maskPrivateKeys(in: String(text))
        for name in secretNames {
            result = maskValues(in: result, after: "\(name)=", stops: valueStops)
            result = maskJSONStrings(in: result, named: name)
        }
        if result.contains(":") {
            for name in secretHeaderLines { result = maskHeaderLines(in: result, named: name) }
        }
        for marker in tokenMarkers {
            result = maskValues(in: result, after: marker, stops: valueStops)
        }
        return result
    }

    /// A short single-line, secret-free preview of a response body for error messages.
    package static func excerpt(of body: Data, maxLength: Int = 160) -> String {
        guard !body.isEmpty else { return "(empty body)" }
        let text = redact(String(decoding: body.prefix(4096), as: UTF8.self))
        let singleLine = text.unicodeScalars
            .map { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) ? " " : String($0) }
            .joined()
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
        return singleLine.count > maxLength ? String(singleLine.prefix(maxLength)) + "…" : singleLine
    }

    // MARK: - URLs

    /// `url` without user info and fragment, with the values of secret query parameters masked
    /// (or every query value, with `allQueryValues`); other parameters stay so logs stay useful.
    package static func redactedURL(_ url: URL, allQueryValues: Bool = false) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<invalid URL>"
        }
        components.user = nil
        components.password = nil
        components.fragment = nil
        if let items = components.percentEncodedQueryItems, !items.isEmpty {
            components.percentEncodedQueryItems = items.map { item in
                guard item.value != nil, allQueryValues || secretNames.contains(item.name.lowercased()) else { return item }
                return URLQueryItem(name: item.name, value: mask)
            }
        }
        return components.string ?? "<invalid URL>"
    }

    /// Like ``redactedURL(_:allQueryValues:)`` for text that may not parse as a URL.
    package static func redactedURLString(_ text: String) -> String {
        URL(string: text).map { redactedURL($0) } ?? "<invalid URL>"
    }

    // MARK: - Headers

    /// `value` as it may be printed for the header `name`: the scheme of a credential is kept
    /// (`Bearer REDACTED`), the credential never is.
    package static func redactedValue(_ value: String, ofHeader name: String) -> String {
        guard secretHeaderNames.contains(name.lowercased()) else { return redact(value) }
        if let space = value.firstIndex(of: " "), name.lowercased().hasSuffix("authorization") {
            return "\(value[..<space]) \(mask)"
        }
        return mask
    }

    // MARK: - Masking

    /// Masks what follows each `marker` up to the first of `stops`.
    private static func maskValues(in text: String, after marker: String, stops: Set<Character>) -> String {
        guard text.contains(marker) else { return text }
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            output += rest[..<range.upperBound]
            let valueEnd = rest[range.upperBound...].firstIndex { stops.contains($0) } ?? rest.endIndex
            // A value masked already (by an earlier name or marker) stays masked.
            if valueEnd > range.upperBound { output += mask }
            rest = rest[valueEnd...]
        }
        return output + rest
    }

    /// Replaces every PEM block whose label names a private key (`-----BEGIN PRIVATE KEY-----`,
    /// `RSA PRIVATE KEY`, …) through its end line, or through the end of `text` when it has none.
    private static func maskPrivateKeys(in text: String) -> String {
        guard text.contains("PRIVATE KEY-----") else { return text }
        var output = ""
        var rest = Substring(text)
        while let begin = rest.range(of: "-----BEGIN ") {
            let labelEnd = rest[begin.upperBound...].range(of: "-----")
            guard let labelEnd, rest[begin.upperBound..<labelEnd.lowerBound].hasSuffix("PRIVATE KEY") else {
                output += rest[..<begin.upperBound]
                rest = rest[begin.upperBound...]
                continue
            }
            output += rest[..<begin.lowerBound] + mask
            let afterEnd = rest[labelEnd.upperBound...].range(of: "-----END ").flatMap { end in
                rest[end.upperBound...].range(of: "-----").map(\.upperBound)
            }
            rest = rest[(afterEnd ?? rest.endIndex)...]
        }
        return output + rest
    }

    /// Masks the value of every `name: value` (the header `name`, any case) up to the end of
    /// its line.
    private static func maskHeaderLines(in text: String, named name: String) -> String {
        guard text.range(of: "\(name):", options: .caseInsensitive) != nil else { return text }
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: "\(name):", options: .caseInsensitive) {
            output += rest[..<range.upperBound]
            let value = rest[range.upperBound...].drop { $0 == " " || $0 == "\t" }
            output += rest[range.upperBound..<value.startIndex]
            let valueEnd = value.firstIndex { headerValueStops.contains($0) } ?? value.endIndex
            if valueEnd > value.startIndex {
                // A credential keeps its scheme (`Bearer REDACTED`), as in ``redactedValue(_:ofHeader:)``.
                let shown = value[..<valueEnd]
                if let space = shown.firstIndex(of: " "), name.hasSuffix("authorization") {
                    output += shown[..<space] + " "
                }
                output += mask
            }
            rest = value[valueEnd...]
        }
        return output + rest
    }

    /// Masks the string value of every `"name": "value"` pair, whatever the white space.
    private static func maskJSONStrings(in text: String, named name: String) -> String {
        let key = "\"\(name)\""
        guard text.contains(key) else { return text }
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: key) {
            output += rest[..<range.upperBound]
            rest = rest[range.upperBound...]
            let afterSpace = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard afterSpace.first == ":" else { continue }
            let value = afterSpace.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard value.first == "\"" else { continue }
            output += rest[..<value.index(after: value.startIndex)]
            let body = value.dropFirst()
            let end = body.firstIndex(of: "\"") ?? body.endIndex
            if end > body.startIndex { output += mask }
            rest = body[end...]
        }
        return output + rest
    }
}
