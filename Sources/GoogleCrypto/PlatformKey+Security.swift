#if canImport(Security)
import Foundation
import Security

// MARK: - PlatformKey (Security.framework)

/// A `SecKey` (immutable, thread-safe). Security.framework reads and writes RSA keys as PKCS#1,
/// so PKCS#8 and SubjectPublicKeyInfo are unwrapped and wrapped here with ``DER``.
/// Not compiled or tested on this project's CI (Linux); see the README's Platforms section.
final class PlatformKey: @unchecked Sendable {
    private let key: SecKey
    private let isPrivate: Bool

    private init(key: SecKey, isPrivate: Bool) {
        self.key = key
        self.isPrivate = isPrivate
    }

    convenience init(privateDER der: [UInt8], pkcs1: Bool) throws(CryptoError) {
        let rsa = pkcs1 ? der : try DER.unwrapPKCS8(der)
        try self.init(key: Self.make(rsa, keyClass: kSecAttrKeyClassPrivate), isPrivate: true)
    }

    convenience init(publicDER der: [UInt8]) throws(CryptoError) {
        try self.init(key: Self.make(try DER.unwrapSubjectPublicKeyInfo(der), keyClass: kSecAttrKeyClassPublic), isPrivate: false)
    }

    private static func make(_ pkcs1: [UInt8], keyClass: CFString) throws(CryptoError) -> SecKey {
        let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: keyClass]
        guard let key = SecKeyCreateWithData(Data(pkcs1) as CFData, attributes as CFDictionary, nil) else {
            throw CryptoError(.malformedKey, "the key could not be decoded (truncated or not an RSA key)")
        }
        return key
    }

    var bits: Int {
        (SecKeyCopyAttributes(key) as? [CFString: Any])?[kSecAttrKeySizeInBits] as? Int ?? 0
    }

    static func generateRSA(bits: Int) throws(CryptoError) -> PlatformKey {
        let attributes: [CFString: Any] = [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: bits]
        guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, nil) else {
            throw CryptoError(.operationFailed, "key generation failed")
        }
        return PlatformKey(key: key, isPrivate: true)
    }

    static func generateEd25519PKCS8() throws(CryptoError) -> [UInt8] {
        throw CryptoError(.operationFailed, "Ed25519 test keys are only generated with OpenSSL")
    }

    private func external() throws(CryptoError) -> [UInt8] {
        guard let data = SecKeyCopyExternalRepresentation(key, nil) as Data? else {
            throw CryptoError(.operationFailed, "the key could not be exported")
        }
        return [UInt8](data)
    }

    func pkcs8DER() throws(CryptoError) -> [UInt8] {
        guard isPrivate else { throw CryptoError(.operationFailed, "not a private key") }
        return DER.wrapPKCS8(try external())
    }

    func publicDER() throws(CryptoError) -> [UInt8] {
        try publicKey().publicDERFromPublic()
    }

    private func publicDERFromPublic() throws(CryptoError) -> [UInt8] {
        DER.wrapSubjectPublicKeyInfo(try external())
    }

    func publicKey() throws(CryptoError) -> PlatformKey {
        guard isPrivate else { return self }
        guard let key = SecKeyCopyPublicKey(key) else { throw CryptoError(.operationFailed, "no public key") }
        return PlatformKey(key: key, isPrivate: false)
    }

    func signSHA256(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard isPrivate,
            let signature = SecKeyCreateSignature(key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, nil) as Data?
        else { throw CryptoError(.operationFailed, "signing failed") }
        return [UInt8](signature)
    }

    func verifySHA256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard let publicKey = try? publicKey() else { return false }
        return SecKeyVerifySignature(
            publicKey.key, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData, Data(signature) as CFData, nil)
    }
}

// MARK: - DER

/// Just enough DER for the two RSA key containers (RFC 5208 PrivateKeyInfo, RFC 5280
/// SubjectPublicKeyInfo) around Security.framework's PKCS#1 keys. Parsing only, no cryptography.
enum DER {
    /// `AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }`.
    static let rsaAlgorithm: [UInt8] = [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00]

    static func unwrapPKCS8(_ der: [UInt8]) throws(CryptoError) -> [UInt8] {
        var reader = Reader(der)
        var info = try reader.element(tag: 0x30)
        _ = try info.element(tag: 0x02)
        let algorithm = try info.element(tag: 0x30)
        guard algorithm.bytes.starts(with: rsaAlgorithm.dropFirst(2).prefix(11)) else {
            throw CryptoError(.notRSA, "the key is not an RSA key; Google service account keys are RSA (RS256)")
        }
        return try info.element(tag: 0x04).array
    }

    static func unwrapSubjectPublicKeyInfo(_ der: [UInt8]) throws(CryptoError) -> [UInt8] {
        var reader = Reader(der)
        var info = try reader.element(tag: 0x30)
        _ = try info.element(tag: 0x30)
        let bits = try info.element(tag: 0x03).array
        guard bits.first == 0 else { throw CryptoError(.malformedKey, "the public key could not be decoded") }
        return Array(bits.dropFirst())
    }

    static func wrapPKCS8(_ pkcs1: [UInt8]) -> [UInt8] {
        element(0x30, [0x02, 0x01, 0x00] + rsaAlgorithm + element(0x04, pkcs1))
    }

    static func wrapSubjectPublicKeyInfo(_ pkcs1: [UInt8]) -> [UInt8] {
        element(0x30, rsaAlgorithm + element(0x03, [0] + pkcs1))
    }

    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var count = content.count
            while count > 0 {
                length.insert(UInt8(count & 0xFF), at: 0)
                count >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }

    struct Reader {
        var bytes: ArraySlice<UInt8>
        init(_ bytes: [UInt8]) { self.bytes = bytes[...] }
        init(slice: ArraySlice<UInt8>) { self.bytes = slice }

        mutating func element(tag: UInt8) throws(CryptoError) -> Reader {
            let malformed = CryptoError(.malformedKey, "the key could not be decoded (truncated or malformed DER)")
            guard bytes.first == tag, bytes.count >= 2 else { throw malformed }
            var index = bytes.startIndex + 1
            var length = Int(bytes[index])
            index += 1
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard count > 0, count <= 4, bytes.endIndex - index >= count else { throw malformed }
                length = 0
                for _ in 0..<count {
                    length = length << 8 | Int(bytes[index])
                    index += 1
                }
            }
            guard bytes.endIndex - index >= length else { throw malformed }
            let content = bytes[index..<(index + length)]
            bytes = bytes[(index + length)...]
            return Reader(slice: content)
        }
    }
}

extension DER.Reader {
    var array: [UInt8] { Array(bytes) }
}

#endif
