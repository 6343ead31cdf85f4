import GoogleBase
import GoogleHTTPTypes

// MARK: - PKCE

/// A Proof Key for Code Exchange pair (RFC 7636): the secret verifier and the challenge derived from it.
///
/// `description` never shows the verifier.
public struct PKCE: Sendable, Hashable {
    /// How the challenge is derived from the verifier.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// `BASE64URL(SHA256(ASCII(verifier)))`, the recommended method.
        case s256 = "S256"
        /// The challenge is the verifier itself; only for clients that cannot compute SHA-256.
        case plain
    }

    /// The secret `code_verifier` sent with the code exchange.
    public let verifier: String
    /// The `code_challenge` sent with the authorization request.
    public let challenge: String
    /// How `challenge` was derived.
    public let method: Method

    /// A fresh verifier of `length` unreserved characters from the system CSPRNG.
    /// - Parameters:
    ///   - method: The challenge method (S256 by default).
    ///   - length: 43...128 characters (RFC 7636 §4.1); values outside are clamped.
    public init(method: Method = .s256, length: Int = 64) {
        let clamped = min(max(length, 43), 128)
        self.init(uncheckedVerifier: SecureRandom.unreservedString(length: clamped), method: method)
    }

    /// A pair for a known verifier (for tests and interoperability).
    /// - Throws: ``OAuthError/Code/invalidRequest`` when the verifier is not 43–128 unreserved characters.
    public init(verifier: String, method: Method = .s256) throws {
        guard PKCE.isValidVerifier(verifier) else {
            throw OAuthError.invalidRequest(description: "code_verifier must be 43-128 characters of [A-Za-z0-9-._~]")
        }
        self.init(uncheckedVerifier: verifier, method: method)
    }

    private init(uncheckedVerifier verifier: String, method: Method) {
        self.verifier = verifier
        self.method = method
        self.challenge = PKCE.challenge(for: verifier, method: method)
    }

    /// The challenge for `verifier` under `method`.
    public static func challenge(for verifier: String, method: Method) -> String {
        switch method {
        case .s256: Base64URL.encode(SHA256.hash(verifier.utf8))
        case .plain: verifier
        }
    }

    /// Whether `verifier` has the length and alphabet RFC 7636 §4.1 requires.
    public static func isValidVerifier(_ verifier: String) -> Bool {
        PKCEVerifier.isValid(verifier)
    }
}

// MARK: - CustomStringConvertible

extension PKCE: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "PKCE(method: \(method.rawValue), verifier: <redacted>)" }
    public var debugDescription: String { description }
}
