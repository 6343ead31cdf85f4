import GoogleBase

// MARK: - GoogleRedaction

/// What the session masks in what it hands to middleware and observers, on top of the package's
/// list of secrets (`SecretRedactor`): names that say they hold a token, secret or key (Drive's
/// `X-Goog-Channel-Token`, a channel's `token`) are masked whatever they are called exactly.
enum GoogleRedaction {
    /// Headers only the session sets: a middleware can neither read nor replace them.
    static let sessionCredentialHeaders: Set<String> = ["authorization", "proxy-authorization", "x-goog-api-key"]

    /// Words in a name that mark its value as secret.
    private static let secretWords = ["token", "secret", "password", "apikey", "api-key", "api_key", "signature"]

    /// Whether a header, attribute or parameter called `name` holds a secret.
    static func isSecretName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if SecretRedactor.secretNames.contains(lowered) || SecretRedactor.secretHeaderNames.contains(lowered) { return true }
        if lowered == "key" || lowered.hasSuffix(".key") || lowered.hasSuffix("-key") || lowered.hasSuffix("_key") { return true }
        return secretWords.contains { lowered.contains($0) }
    }

    /// `value` as a middleware may read it for the header `name`: a credential's scheme is kept
    /// (`Bearer REDACTED`), never the credential.
    static func headerValue(_ value: String, name: String) -> String {
        if SecretRedactor.secretHeaderNames.contains(name.lowercased()) {
            return SecretRedactor.redactedValue(value, ofHeader: name)
        }
        return isSecretName(name) ? SecretRedactor.mask : SecretRedactor.redact(value)
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
