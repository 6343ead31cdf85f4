// MARK: - SecretRedactor

/// Removes token-looking values from text that goes into descriptions.
enum SecretRedactor {
    private static let secretNames = [
        "access_token", "refresh_token", "id_token", "client_secret", "code", "token", "key", "password",
    ]

    /// `text` with `name=value` / `"name": "value"` pairs of secret names and bearer tokens masked.
    static func redact(_ text: some StringProtocol) -> String {
        var result = String(text)
        for name in secretNames {
            result = mask(result, after: "\(name)=", stopAt: "&\" '<\n,;")
            result = mask(result, after: "\"\(name)\":\"", stopAt: "\"")
            result = mask(result, after: "\"\(name)\": \"", stopAt: "\"")
        }
        result = mask(result, after: "Bearer ", stopAt: " \"'<\n,;")
        result = mask(result, after: "ya29.", stopAt: " \"'<\n,;&")
        return result
    }

    private static func mask(_ text: String, after marker: String, stopAt stops: String) -> String {
        guard text.contains(marker) else { return text }
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            output += rest[..<range.upperBound]
            let valueEnd = rest[range.upperBound...].firstIndex { stops.contains($0) } ?? rest.endIndex
            if valueEnd > range.upperBound { output += "REDACTED" }
            rest = rest[valueEnd...]
        }
        output += rest
        return output
    }
}
