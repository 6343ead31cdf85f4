// Declarations of the Security framework APIs the package calls, written from Apple's
// documentation (each cites its page), so that .ci/typecheck-apple.sh can type-check the
// Apple-only files on Linux. Only signatures: nothing here runs.
import Foundation
import FoundationNetworking

// https://developer.apple.com/documentation/corefoundation/cfdata (toll-free bridged with NSData)
public typealias CFData = NSData
// https://developer.apple.com/documentation/corefoundation/cfarray
public typealias CFArray = NSArray
// https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary
// https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString
// https://developer.apple.com/documentation/corefoundation/cferror
public typealias CFError = NSError
// https://developer.apple.com/documentation/corefoundation/cftypeid
public typealias CFTypeRef = AnyObject
// https://developer.apple.com/documentation/security/osstatus
public typealias OSStatus = Int32

// https://developer.apple.com/documentation/security/1542001-security_framework_result_codes
public var errSecSuccess: OSStatus { 0 }
public var errSecItemNotFound: OSStatus { -25300 }

// https://developer.apple.com/documentation/security/sectrust
public final class SecTrust {}
// https://developer.apple.com/documentation/security/seccertificate
public final class SecCertificate {}
// https://developer.apple.com/documentation/security/seckey
public final class SecKey {}

// https://developer.apple.com/documentation/security/sectrustsetanchorcertificates(_:_:)
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: CFArray) -> OSStatus { 0 }
// https://developer.apple.com/documentation/security/sectrustsetanchorcertificatesonly(_:_:)
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus { 0 }
// https://developer.apple.com/documentation/security/sectrustevaluatewitherror(_:_:)
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool { false }
// https://developer.apple.com/documentation/security/seccertificatecreatewithdata(_:_:)
// https://developer.apple.com/documentation/corefoundation/cfallocator
public typealias CFAllocator = AnyObject
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { nil }

// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { 0 }
// https://developer.apple.com/documentation/security/secitemadd(_:_:)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus { 0 }
// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { 0 }
// https://developer.apple.com/documentation/security/secitemdelete(_:)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { 0 }

// https://developer.apple.com/documentation/security/seckeycreatewithdata(_:_:_:)
public func SecKeyCreateWithData(_ keyData: CFData, _ attributes: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecKey? { nil }
// https://developer.apple.com/documentation/security/seckeycreaterandomkey(_:_:)
public func SecKeyCreateRandomKey(_ parameters: CFDictionary, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> SecKey? { nil }
// https://developer.apple.com/documentation/security/seckeycopypublickey(_:)
public func SecKeyCopyPublicKey(_ key: SecKey) -> SecKey? { nil }
// https://developer.apple.com/documentation/security/seckeycopyexternalrepresentation(_:_:)
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?) -> CFData? { nil }
// https://developer.apple.com/documentation/security/seckeycopyattributes(_:)
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? { nil }
// https://developer.apple.com/documentation/security/seckeyalgorithm
public struct SecKeyAlgorithm: RawRepresentable, Hashable, @unchecked Sendable {
    public var rawValue: CFString
    public init(rawValue: CFString) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/security/seckeyalgorithm/rsasignaturemessagepkcs1v15sha256
    public static var rsaSignatureMessagePKCS1v15SHA256: SecKeyAlgorithm { SecKeyAlgorithm(rawValue: "" as NSString) }
}
// https://developer.apple.com/documentation/security/seckeycreatesignature(_:_:_:_:)
public func SecKeyCreateSignature(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ dataToSign: CFData, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> CFData? { nil }
// https://developer.apple.com/documentation/security/seckeyverifysignature(_:_:_:_:_:)
public func SecKeyVerifySignature(
    _ key: SecKey, _ algorithm: SecKeyAlgorithm, _ signedData: CFData, _ signature: CFData, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool { false }

// Item attribute keys and values: https://developer.apple.com/documentation/security/item-attribute-keys-and-values
public var kSecClass: CFString { "" as NSString }
public var kSecClassGenericPassword: CFString { "" as NSString }
public var kSecAttrService: CFString { "" as NSString }
public var kSecAttrAccount: CFString { "" as NSString }
public var kSecAttrAccessible: CFString { "" as NSString }
public var kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString { "" as NSString }
public var kSecValueData: CFString { "" as NSString }
public var kSecReturnData: CFString { "" as NSString }
public var kSecMatchLimit: CFString { "" as NSString }
public var kSecMatchLimitOne: CFString { "" as NSString }
// Key generation attributes: https://developer.apple.com/documentation/security/key-generation-attributes
public var kSecAttrKeyType: CFString { "" as NSString }
public var kSecAttrKeyTypeRSA: CFString { "" as NSString }
public var kSecAttrKeySizeInBits: CFString { "" as NSString }
public var kSecAttrKeyClass: CFString { "" as NSString }
public var kSecAttrKeyClassPublic: CFString { "" as NSString }
public var kSecAttrKeyClassPrivate: CFString { "" as NSString }

// What Foundation adds on Apple platforms for server trust (FoundationNetworking has neither).
// https://developer.apple.com/documentation/foundation/nsurlauthenticationmethodservertrust
// (swift-corelibs-foundation declares it unavailable; this one is preferred over it.)
public let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"

extension URLProtectionSpace {
    // https://developer.apple.com/documentation/foundation/urlprotectionspace/servertrust
    public var serverTrust: SecTrust? { nil }
}

extension URLCredential {
    // https://developer.apple.com/documentation/foundation/urlcredential/init(trust:)
    public convenience init(trust: SecTrust) { self.init(user: "", password: "", persistence: .none) }
}

// Apple's Foundation has bound stream pairs; swift-corelibs-foundation does not. Declared here
// because the one Apple-only file that uses them (URLSessionTransport+Apple.swift) imports Security.
extension Stream {
    // https://developer.apple.com/documentation/foundation/stream/getboundstreams(withbuffersize:inputstream:outputstream:)
    // Apple's parameters are `AutoreleasingUnsafeMutablePointer`s, an Objective-C-only type; an
    // `&variable` argument converts to either.
    public class func getBoundStreams(
        withBufferSize bufferSize: Int, inputStream: UnsafeMutablePointer<InputStream?>?,
        outputStream: UnsafeMutablePointer<OutputStream?>?
    ) {}
}
