// Apple platforms only (not tvOS, which has no ASWebAuthenticationSession): the system's
// authentication sheet, which Google accepts (it refuses embedded web views). Everything else of
// the sign-in is `OAuthClient.authorize(scopes:options:userAgent:store:)`, built and tested on
// Linux. `.ci/typecheck-apple.sh` compiles this file on Linux against declarations of Apple's
// APIs, with GOOGLE_APPLE_TYPECHECK set.
#if canImport(AuthenticationServices) && !os(tvOS) && (!canImport(FoundationNetworking) || GOOGLE_APPLE_TYPECHECK)
import AuthenticationServices
import Foundation

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

    /// Opens the sheet on the main actor and waits for the redirect to `callbackScheme`.
    /// - Throws: ``OAuthError/Code/cancelled`` when the person closed the sheet or it could not
    ///   be shown.
    public func authorize(_ url: URL, callbackScheme: String) async throws -> URL {
        let anchor = presentationAnchor
        let ephemeral = prefersEphemeralSession
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
            Task { @MainActor in
                let provider = PresentationAnchorProvider(anchor: anchor())
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) { callbackURL, error in
                    withExtendedLifetime(provider) {}
                    if let callbackURL {
                        continuation.resume(returning: callbackURL)
                    } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                        continuation.resume(
                            throwing: OAuthError(code: .cancelled, reason: "the sign-in sheet was closed before signing in"))
                    } else {
                        continuation.resume(
                            throwing: OAuthError(
                                code: .cancelled, reason: "the sign-in sheet ended without a redirect (\(String(describing: error)))"))
                    }
                }
                session.presentationContextProvider = provider
                session.prefersEphemeralWebBrowserSession = ephemeral
                if !session.start() {
                    continuation.resume(throwing: OAuthError(code: .cancelled, reason: "the sign-in sheet could not be shown"))
                }
            }
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
