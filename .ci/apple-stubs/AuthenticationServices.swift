// Declarations of the AuthenticationServices APIs the package calls, from Apple's documentation
// (each cites its page and the platforms it lists), for .ci/typecheck-apple.sh. Built once per
// platform with STUB_<PLATFORM> defined: a declaration Apple does not offer on a platform is left
// out of that platform's stub, so code using it there fails as it would in Xcode. Only
// signatures: nothing here runs.
import Foundation

// https://developer.apple.com/documentation/authenticationservices/aspresentationanchor
// iOS 12, macOS 10.15, tvOS 13, visionOS 1; not watchOS (marked API_UNAVAILABLE(watchos)).
#if STUB_MACOS
import AppKit
public typealias ASPresentationAnchor = NSWindow
#elseif STUB_IOS || STUB_TVOS || STUB_VISIONOS
import UIKit
public typealias ASPresentationAnchor = UIWindow
#endif

#if STUB_IOS || STUB_MACOS || STUB_VISIONOS
// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding
// iOS 13, macOS 10.15, visionOS 1; not tvOS or watchOS.
@MainActor public protocol ASWebAuthenticationPresentationContextProviding: NSObjectProtocol {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding/presentationanchor(for:)
    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor
}
#endif

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession
// iOS 12, macOS 10.15, tvOS 16, visionOS 1, watchOS 6.2.
open class ASWebAuthenticationSession: NSObject {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/completionhandler
    public typealias CompletionHandler = (URL?, (any Error)?) -> Void

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback
    // iOS 17.4, macOS 14.4, tvOS 17.4, visionOS 1.1, watchOS 10.4 (all below the package's floors).
    public class Callback: NSObject {
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/customscheme(_:)
        public class func customScheme(_ customScheme: String) -> Self { fatalError() }
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/https(host:path:)
        public class func https(host: String, path: String) -> Self { fatalError() }
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/callback/matchesurl(_:)
        public func matchesURL(_ url: URL) -> Bool { false }
    }

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callback:completionhandler:)-6nut7
    public init(url URL: URL, callback: Callback, completionHandler: @escaping CompletionHandler) {}

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/init(url:callbackurlscheme:completionhandler:)-7fpox
    // (deprecated on the SDKs after iOS 27 and macOS 27, for the initializer above).
    public init(url URL: URL, callbackURLScheme: String?, completionHandler: @escaping CompletionHandler) {}

    #if STUB_IOS || STUB_MACOS || STUB_VISIONOS
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/presentationcontextprovider
    open weak var presentationContextProvider: (any ASWebAuthenticationPresentationContextProviding)?
    #endif
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/prefersephemeralwebbrowsersession
    open var prefersEphemeralWebBrowserSession: Bool = false

    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/start()
    open func start() -> Bool { false }
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession/cancel()
    open func cancel() {}
}

// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror
public struct ASWebAuthenticationSessionError: Error {
    // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code
    public enum Code: Int, Sendable {
        case canceledLogin = 1
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextnotprovided
        case presentationContextNotProvided = 2
        // https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror/code/presentationcontextinvalid
        case presentationContextInvalid = 3
    }

    public var code: Code { .canceledLogin }
}
