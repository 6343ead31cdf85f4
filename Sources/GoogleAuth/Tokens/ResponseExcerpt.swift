import Foundation

// MARK: - ResponseExcerpt

/// A short, single-line, secret-free preview of an unexpected response body for error messages.
enum ResponseExcerpt {
    static let maximumLength = 160

    /// JSON string values and form values of these keys are replaced, as are Google-shaped tokens.
    private static let patterns: [(NSRegularExpression, String)] = {
        let keys = "access_token|refresh_token|id_token|device_code|code|client_secret|token|code_verifier|assertion"
        let sources: [(String, String)] = [
            ("\"(\(keys))\"\\s*:\\s*\"[^\"]*\"?", "\"$1\":\"<redacted>\""),
            ("\\b(\(keys))=[^&\\s\"'<]*", "$1=<redacted>"),
            ("ya29\\.[A-Za-z0-9._~+/=-]+", "<redacted>"),
            ("1//[A-Za-z0-9._~+/=-]+", "<redacted>"),
            ("eyJ[A-Za-z0-9_-]*\\.[A-Za-z0-9_-]*\\.?[A-Za-z0-9_-]*", "<redacted>"),
        ]
        return sources.compactMap { source, template in
            (try? NSRegularExpression(pattern: source)).map { ($0, template) }
        }
    }()

    static func make(from body: Data) -> String {
        guard !body.isEmpty else { return "(empty body)" }
        var text = String(decoding: body.prefix(4096), as: UTF8.self)
        for (regex, template) in patterns {
            text = regex.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        let singleLine = text.unicodeScalars
            .map { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) ? " " : String($0) }
            .joined()
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
        return singleLine.count > maximumLength ? String(singleLine.prefix(maximumLength)) + "…" : singleLine
    }
}
