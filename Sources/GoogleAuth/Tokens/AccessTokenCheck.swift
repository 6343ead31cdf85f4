import Foundation

// MARK: - AccessTokenCheck

/// Whether a token can go into an `Authorization: Bearer` header as it is.
///
/// RFC 6750's `b64token` is letters, digits and `-._~+/` with trailing `=`; Google's tokens
/// (`ya29.…`) are that. The check is a little wider, every visible ASCII character (RFC 9110's
/// `VCHAR`), and refuses exactly what a header cannot carry or would split on: control
/// characters (CR, LF, NUL, DEL…), spaces and any byte beyond ASCII.
package enum AccessTokenCheck {
    /// Refuses a token from any provider that cannot be sent: the check a session applies to
    /// what every ``CredentialsProvider`` returns, so a provider an app writes is held to the
    /// rule the library's own sources follow where their answers arrive.
    /// - Parameters:
    ///   - token: What the provider returned.
    ///   - source: The provider, as the error names it.
    /// - Throws: ``CredentialsError`` (`.unusableToken`).
    package static func requireUsable(_ token: AccessToken, from source: String) throws(CredentialsError) {
        try CredentialsHTTP.requireUsable(token.value, from: source)
    }

    /// Why `token` cannot be sent, or `nil` when it can.
    static func problem(with token: String) -> String? {
        if token.isEmpty { return "the access_token is empty" }
        if let byte = token.utf8.first(where: { !(0x21...0x7E).contains($0) }) {
            let kind = byte < 0x20 || byte == 0x7F ? "a control character" : byte == 0x20 ? "a space" : "a non-ASCII byte"
            return "the access_token contains \(kind) (0x\(String(byte, radix: 16, uppercase: true))), which an HTTP header cannot carry"
        }
        return nil
    }

    /// Why a `token_type` is not one this library can use, or `nil` for Bearer (any case).
    static func problem(withTokenType type: String) -> String? {
        guard type.lowercased() != "bearer" else { return nil }
        let shown = String(type.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        return "the token_type is \"\(shown)\", not Bearer (the only type this library sends)"
    }
}
