#if !canImport(Security)

// MARK: - PlatformKey (OpenSSL)

/// An `EVP_PKEY` owned by this object, freed with it. OpenSSL 3 keys are safe to use from several
/// threads at once for signing and verifying (each operation has its own `EVP_MD_CTX`), and
/// nothing mutates the key after it is made: hence `@unchecked Sendable`.
final class PlatformKey: @unchecked Sendable {
    private let library: LibCrypto
    private let pointer: OpaquePointer
    private let isPrivate: Bool

    private init(library: LibCrypto, pointer: OpaquePointer, isPrivate: Bool) {
        self.library = library
        self.pointer = pointer
        self.isPrivate = isPrivate
    }

    deinit { library.freeKey(pointer) }

    // MARK: - Loading

    convenience init(privateDER der: [UInt8], pkcs1: Bool) throws(CryptoError) {
        let library = try LibCrypto.loaded()
        guard let pointer = library.decode(der, with: library.decodePrivateKey) else {
            throw CryptoError(.malformedKey, "the private key could not be decoded (truncated or not a PKCS#8/PKCS#1 key)")
        }
        self.init(library: library, pointer: pointer, isPrivate: true)
        try requireRSA()
    }

    convenience init(publicDER der: [UInt8]) throws(CryptoError) {
        let library = try LibCrypto.loaded()
        guard let pointer = library.decode(der, with: library.decodePublicKey) else {
            throw CryptoError(.malformedKey, "the public key could not be decoded")
        }
        self.init(library: library, pointer: pointer, isPrivate: false)
        try requireRSA()
    }

    private func requireRSA() throws(CryptoError) {
        guard library.keyType(pointer) == LibCrypto.rsaType else {
            throw CryptoError(.notRSA, "the key is not an RSA key; Google service account keys are RSA (RS256)")
        }
    }

    var bits: Int { Int(library.keyBits(pointer)) }

    // MARK: - Generating

    static func generateRSA(bits: Int) throws(CryptoError) -> PlatformKey {
        let library = try LibCrypto.loaded()
        return try generate(library, type: LibCrypto.rsaType) { context in
            guard let setBits = library.setRSAKeygenBits else { return bits == 2048 }  // OpenSSL's default size
            return setBits(context, Int32(bits)) > 0
        }
    }

    static func generateEd25519PKCS8() throws(CryptoError) -> [UInt8] {
        let library = try LibCrypto.loaded()
        return try generate(library, type: LibCrypto.ed25519Type) { _ in true }.pkcs8DER()
    }

    private static func generate(
        _ library: LibCrypto, type: Int32, configure: (OpaquePointer) -> Bool
    ) throws(CryptoError) -> PlatformKey {
        guard let context = library.newKeyContext(type, nil) else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "key generation is unavailable")
        }
        defer { library.freeKeyContext(context) }
        var key: OpaquePointer?
        guard library.keygenInit(context) > 0, configure(context), library.keygen(context, &key) > 0, let key else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "key generation failed")
        }
        return PlatformKey(library: library, pointer: key, isPrivate: true)
    }

    // MARK: - Encoding

    func pkcs8DER() throws(CryptoError) -> [UInt8] {
        guard isPrivate, let info = library.keyToPKCS8(pointer) else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "the key could not be encoded as PKCS#8")
        }
        defer { library.freePKCS8(info) }
        guard let der = library.encode(info, with: library.encodePKCS8) else {
            throw CryptoError(.operationFailed, "the key could not be encoded as PKCS#8")
        }
        return der
    }

    func publicDER() throws(CryptoError) -> [UInt8] {
        guard let der = library.encode(pointer, with: library.encodePublicKey) else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "the public key could not be encoded")
        }
        return der
    }

    func publicKey() throws(CryptoError) -> PlatformKey {
        try PlatformKey(publicDER: try publicDER())
    }

    // MARK: - RS256

    func signSHA256(_ message: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard isPrivate, let context = library.newDigestContext() else {
            throw CryptoError(.operationFailed, "signing is unavailable")
        }
        defer { library.freeDigestContext(context) }
        // RSA keys sign with PKCS#1 v1.5 padding unless told otherwise: RS256 exactly.
        guard library.digestSignInit(context, nil, library.sha256(), nil, pointer) > 0 else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "signing could not start")
        }
        var length = 0
        let sized = message.withUnsafeBufferPointer { library.digestSign(context, nil, &length, $0.baseAddress, $0.count) }
        guard sized > 0, length > 0 else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "signing failed")
        }
        var signature = [UInt8](repeating: 0, count: length)
        let signed = signature.withUnsafeMutableBufferPointer { output in
            message.withUnsafeBufferPointer { library.digestSign(context, output.baseAddress, &length, $0.baseAddress, $0.count) }
        }
        guard signed > 0 else {
            library.clearErrors()
            throw CryptoError(.operationFailed, "signing failed")
        }
        return Array(signature.prefix(length))
    }

    func verifySHA256(signature: [UInt8], message: [UInt8]) -> Bool {
        guard let context = library.newDigestContext() else { return false }
        defer { library.freeDigestContext(context) }
        guard library.digestVerifyInit(context, nil, library.sha256(), nil, pointer) > 0 else {
            library.clearErrors()
            return false
        }
        let result = signature.withUnsafeBufferPointer { signatureBytes in
            message.withUnsafeBufferPointer {
                library.digestVerify(context, signatureBytes.baseAddress, signatureBytes.count, $0.baseAddress, $0.count)
            }
        }
        if result != 1 { library.clearErrors() }
        return result == 1
    }
}

#endif
