// MARK: - CryptoError

/// Why a key could not be read or used. Messages are fixed texts: never key bytes.
package struct CryptoError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: String, Sendable, Hashable {
        /// No usable cryptography library (libcrypto) could be loaded.
        case libraryUnavailable
        /// The text is not a PEM private key, its base64 is broken, or it is truncated.
        case malformedKey
        /// The key is encrypted with a passphrase (`ENCRYPTED PRIVATE KEY`).
        case encryptedKey
        /// The key is valid but not RSA (EC, Ed25519…).
        case notRSA
        /// The library failed while signing, verifying or generating.
        case operationFailed
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }
}
