// MARK: - PKCEVerifier

/// RFC 7636 §4.1's rule for a `code_verifier`, shared by the client that makes verifiers
/// (GoogleAuth's `PKCE`) and the emulator that checks them.
package enum PKCEVerifier {
    /// Whether `verifier` is 43–128 characters, all RFC 3986 unreserved.
    package static func isValid(_ verifier: String) -> Bool {
        let bytes = Array(verifier.utf8)
        return (43...128).contains(bytes.count) && bytes.allSatisfy { SecureRandom.unreservedCharacters.contains($0) }
    }
}
