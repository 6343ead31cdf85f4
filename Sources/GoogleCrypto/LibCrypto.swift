#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if !canImport(Security)

// MARK: - LibCrypto

/// OpenSSL's libcrypto, loaded at run time with `dlopen` and called through `dlsym`'d function
/// pointers: the few EVP functions RS256 needs (load a DER key, sign, verify, make a key pair for
/// tests). No OpenSSL header and no link flag is involved, so building the package needs nothing
/// beyond what it needs already: `libcurl4-openssl-dev` pulls in `libssl3`, whose
/// `libcrypto.so.3` is present (and usually already loaded by libcurl) in every process that
/// uses the transport. The C declarations below follow OpenSSL 3's public API (`evp.h`, `x509.h`).
final class LibCrypto: @unchecked Sendable {
    // @unchecked: only immutable function pointers and an opened library handle, never closed.

    typealias KeyPointer = OpaquePointer
    typealias DecodeKey =
        @convention(c) (
            UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int
        ) -> OpaquePointer?
    typealias EncodeKey = @convention(c) (OpaquePointer, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    typealias KeyToPKCS8 = @convention(c) (OpaquePointer) -> OpaquePointer?
    typealias Free = @convention(c) (OpaquePointer?) -> Void
    typealias KeyInt = @convention(c) (OpaquePointer) -> Int32
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias Digest = @convention(c) () -> OpaquePointer?
    typealias DigestInit =
        @convention(c) (
            OpaquePointer, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, OpaquePointer?, OpaquePointer
        ) -> Int32
    typealias DigestSign =
        @convention(c) (
            OpaquePointer, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Int>, UnsafePointer<UInt8>?, Int
        ) -> Int32
    typealias DigestVerify = @convention(c) (OpaquePointer, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int) -> Int32
    typealias NewKeyContext = @convention(c) (Int32, OpaquePointer?) -> OpaquePointer?
    typealias ContextOperation = @convention(c) (OpaquePointer) -> Int32
    typealias ContextSetInt = @convention(c) (OpaquePointer, Int32) -> Int32
    typealias Keygen = @convention(c) (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>) -> Int32
    typealias ClearErrors = @convention(c) () -> Void

    /// `EVP_PKEY_RSA` and `EVP_PKEY_ED25519` (`NID_rsaEncryption`, `NID_ED25519`).
    static let rsaType: Int32 = 6
    static let ed25519Type: Int32 = 1087

    let decodePrivateKey: DecodeKey  // d2i_AutoPrivateKey: PKCS#8 or PKCS#1 DER
    let decodePublicKey: DecodeKey  // d2i_PUBKEY: SubjectPublicKeyInfo DER
    let encodePublicKey: EncodeKey  // i2d_PUBKEY
    let keyToPKCS8: KeyToPKCS8  // EVP_PKEY2PKCS8
    let encodePKCS8: EncodeKey  // i2d_PKCS8_PRIV_KEY_INFO
    let freePKCS8: Free  // PKCS8_PRIV_KEY_INFO_free
    let freeKey: Free  // EVP_PKEY_free
    let keyType: KeyInt  // EVP_PKEY_get_base_id (3.x) / EVP_PKEY_base_id (1.1)
    let keyBits: KeyInt  // EVP_PKEY_get_bits / EVP_PKEY_bits
    let newDigestContext: NewContext  // EVP_MD_CTX_new
    let freeDigestContext: Free  // EVP_MD_CTX_free
    let sha256: Digest  // EVP_sha256
    let digestSignInit: DigestInit  // EVP_DigestSignInit
    let digestSign: DigestSign  // EVP_DigestSign
    let digestVerifyInit: DigestInit  // EVP_DigestVerifyInit
    let digestVerify: DigestVerify  // EVP_DigestVerify
    let newKeyContext: NewKeyContext  // EVP_PKEY_CTX_new_id
    let freeKeyContext: Free  // EVP_PKEY_CTX_free
    let keygenInit: ContextOperation  // EVP_PKEY_keygen_init
    let setRSAKeygenBits: ContextSetInt?  // EVP_PKEY_CTX_set_rsa_keygen_bits (a function since 3.0)
    let keygen: Keygen  // EVP_PKEY_keygen
    let clearErrors: ClearErrors  // ERR_clear_error

    /// The sonames tried, newest first: OpenSSL 3 (Debian 12, Ubuntu 22.04+), then 1.1.
    static let libraryNames = ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"]

    /// The loaded library, or why it could not be loaded (once per process).
    static let shared: Result<LibCrypto, CryptoError> = load()

    /// - Throws: ``CryptoError`` (`.libraryUnavailable`) when libcrypto cannot be loaded.
    static func loaded() throws(CryptoError) -> LibCrypto {
        try shared.get()
    }

    private static func load() -> Result<LibCrypto, CryptoError> {
        for name in libraryNames {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
            if let library = LibCrypto(handle: handle) { return .success(library) }
        }
        return .failure(
            CryptoError(
                .libraryUnavailable,
                "OpenSSL's libcrypto could not be loaded (tried \(libraryNames.joined(separator: ", "))); "
                    + "install libssl3 (it comes with libcurl4-openssl-dev) to sign with service account keys"))
    }

    private init?(handle: UnsafeMutableRawPointer) {
        func symbol<T>(_ names: String..., as type: T.Type) -> T? {
            for name in names {
                if let pointer = dlsym(handle, name) { return unsafeBitCast(pointer, to: type) }
            }
            return nil
        }
        guard
            let decodePrivateKey = symbol("d2i_AutoPrivateKey", as: DecodeKey.self),
            let decodePublicKey = symbol("d2i_PUBKEY", as: DecodeKey.self),
            let encodePublicKey = symbol("i2d_PUBKEY", as: EncodeKey.self),
            let keyToPKCS8 = symbol("EVP_PKEY2PKCS8", as: KeyToPKCS8.self),
            let encodePKCS8 = symbol("i2d_PKCS8_PRIV_KEY_INFO", as: EncodeKey.self),
            let freePKCS8 = symbol("PKCS8_PRIV_KEY_INFO_free", as: Free.self),
            let freeKey = symbol("EVP_PKEY_free", as: Free.self),
            let keyType = symbol("EVP_PKEY_get_base_id", "EVP_PKEY_base_id", as: KeyInt.self),
            let keyBits = symbol("EVP_PKEY_get_bits", "EVP_PKEY_bits", as: KeyInt.self),
            let newDigestContext = symbol("EVP_MD_CTX_new", as: NewContext.self),
            let freeDigestContext = symbol("EVP_MD_CTX_free", as: Free.self),
            let sha256 = symbol("EVP_sha256", as: Digest.self),
            let digestSignInit = symbol("EVP_DigestSignInit", as: DigestInit.self),
            let digestSign = symbol("EVP_DigestSign", as: DigestSign.self),
            let digestVerifyInit = symbol("EVP_DigestVerifyInit", as: DigestInit.self),
            let digestVerify = symbol("EVP_DigestVerify", as: DigestVerify.self),
            let newKeyContext = symbol("EVP_PKEY_CTX_new_id", as: NewKeyContext.self),
            let freeKeyContext = symbol("EVP_PKEY_CTX_free", as: Free.self),
            let keygenInit = symbol("EVP_PKEY_keygen_init", as: ContextOperation.self),
            let keygen = symbol("EVP_PKEY_keygen", as: Keygen.self),
            let clearErrors = symbol("ERR_clear_error", as: ClearErrors.self)
        else { return nil }
        self.decodePrivateKey = decodePrivateKey
        self.decodePublicKey = decodePublicKey
        self.encodePublicKey = encodePublicKey
        self.keyToPKCS8 = keyToPKCS8
        self.encodePKCS8 = encodePKCS8
        self.freePKCS8 = freePKCS8
        self.freeKey = freeKey
        self.keyType = keyType
        self.keyBits = keyBits
        self.newDigestContext = newDigestContext
        self.freeDigestContext = freeDigestContext
        self.sha256 = sha256
        self.digestSignInit = digestSignInit
        self.digestSign = digestSign
        self.digestVerifyInit = digestVerifyInit
        self.digestVerify = digestVerify
        self.newKeyContext = newKeyContext
        self.freeKeyContext = freeKeyContext
        self.keygenInit = keygenInit
        self.setRSAKeygenBits = symbol("EVP_PKEY_CTX_set_rsa_keygen_bits", as: ContextSetInt.self)
        self.keygen = keygen
        self.clearErrors = clearErrors
    }

    // MARK: - DER in and out

    /// Runs an `i2d_*` encoder twice (length, then bytes).
    func encode(_ object: OpaquePointer, with encoder: EncodeKey) -> [UInt8]? {
        let length = encoder(object, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encoder(object, &cursor)
        }
        guard written == length else { return nil }
        return bytes
    }

    /// Runs a `d2i_*` decoder over all of `der`; `nil` when it fails or leaves bytes over.
    func decode(_ der: [UInt8], with decoder: DecodeKey) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let key = decoder(nil, &cursor, buffer.count) else {
                clearErrors()
                return nil
            }
            guard cursor == base + buffer.count else {
                freeKey(key)
                return nil
            }
            return key
        }
    }
}

#endif
