// Apple platforms with a window to anchor the sheet to (iOS, iPadOS, macOS, visionOS): the
// system's authentication sheet, which Google accepts (it refuses embedded web views). Not tvOS
// or watchOS: ASWebAuthenticationPresentationContextProviding and ASPresentationAnchor are not
// available there, and Google's guide for TVs and other limited-input devices is the device flow
// (`OAuthClient.authorizeDevice`). Everything else of the sign-in is
// `OAuthClient.authorize(scopes:options:userAgent:store:)`, built and tested on Linux.
// `.ci/typecheck-apple.sh` compiles this file on Linux against declarations of Apple's APIs, with
// GOOGLE_APPLE_TYPECHECK set, as on each platform.
#if canImport(AuthenticationServices) && !os(tvOS) && !os(watchOS) && (!canImport(FoundationNetworking) || GOOGLE_APPLE_TYPECHECK)
import AuthenticationServices
import Foundation
import Synchronization

// MARK: - ASWebAuthenticationSessionUserAgent

/// Shows Google's sign-in in `ASWebAuthenticationSession` and returns the callback URL.
///
/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsession
public final class ASWebAuthenticationSessionUserAgent: AuthorizationUserAgent {
    /// Whether the sheet shares no cookies with Safari (no "signed in already" shortcut, nothing
    /// left behind; the system then asks no "wants to use google.com to sign in" question).
    public let prefersEphemeralSession: Bool
    private let presentationAnchor: @MainActor @Sendable () -> ASPresentationAnchor

    /// - Parameters:
    ///   - prefersEphemeralSession: See ``prefersEphemeralSession``.
    ///   - presentationAnchor: The window the sheet is shown over (`view.window` in UIKit, the
    ///     key window in SwiftUI), asked on the main actor when the sheet opens.
    public init(prefersEphemeralSession: Bool = false, presentationAnchor: @escaping @MainActor @Sendable () -> ASPresentationAnchor) {
        self.prefersEphemeralSession = prefersEphemeralSession
        self.presentationAnchor = presentationAnchor
    }

    /// Opens the sheet on the main actor and waits for the redirect: its custom scheme, or its
    /// https host and path for a claimed https redirect (`ASWebAuthenticationSession.Callback`,
    /// iOS 17.4, macOS 14.4 and visionOS 1.1, below the package's floors).
    /// - Throws: ``OAuthError/Code/cancelled`` when the person closed the sheet or it could not
    ///   be shown.
    public func authorize(_ url: URL, redirect: AppRedirect) async throws -> URL {
        let anchor = presentationAnchor
        let ephemeral = prefersEphemeralSession
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
            // Resumed once: by the completion handler, or by a start() that failed (whether the
            // handler also runs then is not documented).
            let pending = Mutex<CheckedContinuation<URL, any Error>?>(continuation)
            let finish: @Sendable (Result<URL, OAuthError>) -> Void = { result in
                pending.withLock { $0.take() }?.resume(with: result)
            }
            Task { @MainActor in
                let provider = PresentationAnchorProvider(anchor: anchor())
                let callback: ASWebAuthenticationSession.Callback
                switch redirect.kind {
                case .customScheme(let scheme): callback = .customScheme(scheme)
                case .https(let host, let path): callback = .https(host: host, path: path)
                }
                let session = ASWebAuthenticationSession(url: url, callback: callback) { callbackURL, error in
                    withExtendedLifetime(provider) {}
                    if let callbackURL {
                        finish(.success(callbackURL))
                    } else {
                        finish(.failure(Self.failure(error)))
                    }
                }
                session.presentationContextProvider = provider
                session.prefersEphemeralWebBrowserSession = ephemeral
                if !session.start() {
                    finish(
                        .failure(
                            OAuthError(
                                code: .cancelled,
                                reason: "the sign-in sheet could not be shown (ASWebAuthenticationSession.start() returned false): "
                                    + "give a presentation anchor that is a window on screen, and open one sheet at a time")))
                }
            }
        }
    }

    /// The sheet ended without a callback: the person closed it (a cancel, not a refusal), or it
    /// could not be shown over the anchor.
    private static func failure(_ error: (any Error)?) -> OAuthError {
        guard let error = error as? ASWebAuthenticationSessionError else {
            return OAuthError(code: .cancelled, reason: "the sign-in sheet ended without a redirect (\(String(describing: error)))")
        }
        switch error.code {
        case .canceledLogin:
            return OAuthError(code: .cancelled, reason: "the sign-in sheet was closed before signing in")
        default:
            return OAuthError(
                code: .cancelled,
                reason: "the sign-in sheet could not be shown over the presentation anchor (\(error.code)): give a window that is on screen"
            )
        }
    }
}

/// Hands the app's window to the session.
/// https://developer.apple.com/documentation/authenticationservices/aswebauthenticationpresentationcontextproviding
private final class PresentationAnchorProvider: NSObject, ASWebAuthenticationPresentationContextProviding {
    let anchor: ASPresentationAnchor

    init(anchor: ASPresentationAnchor) {
        self.anchor = anchor
    }

    func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
        anchor
    }
}
#endif
