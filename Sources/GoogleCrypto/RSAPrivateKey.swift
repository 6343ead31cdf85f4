import Foundation

// MARK: - RSAPrivateKey

/// An RSA private key from a PEM file (PKCS#8 `PRIVATE KEY`, as in Google's service account keys,
/// or PKCS#1 `RSA PRIVATE KEY`), signing RS256 (RSASSA-PKCS1-v1_5 with SHA-256) through the
/// platform's vetted cryptography: OpenSSL's libcrypto on Linux, Security.framework on Apple
/// platforms. `description` never shows key material.
package struct RSAPrivateKey: Sendable, CustomStringConvertible {
    let key: PlatformKey

    /// - Parameter pem: The PEM text.
    /// - Throws: ``CryptoError``: `.malformedKey` (not PEM, broken base64, truncated, not a key),
    ///   `.encryptedKey`, `.notRSA`, `.libraryUnavailable`.
    package init(pem: String) throws(CryptoError) {
        let (label, der) = try PEM.decode(pem)
        switch label {
        case "PRIVATE KEY", "RSA PRIVATE KEY":
            key = try PlatformKey(privateDER: der, pkcs1: label == "RSA PRIVATE KEY")
        case "ENCRYPTED PRIVATE KEY":
            throw CryptoError(.encryptedKey, "the private key is encrypted with a passphrase; use an unencrypted PKCS#8 key")
        case "EC PRIVATE KEY", "OPENSSH PRIVATE KEY":
            throw CryptoError(.notRSA, "the private key is not an RSA key (\(label)); Google service account keys are RSA")
        default:
            throw CryptoError(.malformedKey, "the PEM block is not a private key (it is labelled \(label))")
        }
    }

    init(key: PlatformKey) {
        self.key = key
    }

    /// A new 2048-bit key pair (for tests and the emulator).
    /// - Throws: ``CryptoError``.
    package static func generate(bits: Int = 2048) throws(CryptoError) -> RSAPrivateKey {
        RSAPrivateKey(key: try PlatformKey.generateRSA(bits: bits))
    }

    /// The RS256 signature of `message`.
    /// - Throws: ``CryptoError``.
    package func signSHA256(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        try key.signSHA256(message)
    }

    /// The public half.
    /// - Throws: ``CryptoError``.
    package func publicKey() throws(CryptoError) -> RSAPublicKey {
        RSAPublicKey(key: try key.publicKey())
    }

    /// The key as PKCS#8 PEM (`PRIVATE KEY`), as Google writes it into a service account file.
    /// - Throws: ``CryptoError``.
    package func pkcs8PEM() throws(CryptoError) -> String {
        PEM.encode(try key.pkcs8DER(), label: "PRIVATE KEY")
    }

    /// Key size in bits.
    package var bits: Int { key.bits }

    package var description: String { "RSAPrivateKey(\(bits) bits, <redacted>)" }
}

// MARK: - RSAPublicKey

/// An RSA public key (SubjectPublicKeyInfo), verifying RS256 signatures.
package struct RSAPublicKey: Sendable, CustomStringConvertible {
    let key: PlatformKey

    init(key: PlatformKey) {
        self.key = key
    }

    /// - Parameter pem: A `PUBLIC KEY` PEM block.
    /// - Throws: ``CryptoError``.
    package init(pem: String) throws(CryptoError) {
        let (label, der) = try PEM.decode(pem)
        guard label == "PUBLIC KEY" else { throw CryptoError(.malformedKey, "the PEM block is not a PUBLIC KEY") }
        key = try PlatformKey(publicDER: der)
    }

    /// Whether `signature` is a valid RS256 signature of `message` by this key's private half.
    package func verifySHA256(signature: [UInt8], message: [UInt8]) -> Bool {
        key.verifySHA256(signature: signature, message: message)
    }

    /// The key as `PUBLIC KEY` PEM.
    /// - Throws: ``CryptoError``.
    package func pem() throws(CryptoError) -> String {
        PEM.encode(try key.publicDER(), label: "PUBLIC KEY")
    }

    package var description: String { "RSAPublicKey(\(key.bits) bits)" }
}

// MARK: - Test keys that are not RSA

package enum NonRSATestKey {
    /// A freshly generated Ed25519 private key as PKCS#8 PEM: a valid key of the wrong type, for
    /// tests of the "not RSA" error.
    /// - Throws: ``CryptoError``.
    package static func ed25519PEM() throws(CryptoError) -> String {
        PEM.encode(try PlatformKey.generateEd25519PKCS8(), label: "PRIVATE KEY")
    }
}
