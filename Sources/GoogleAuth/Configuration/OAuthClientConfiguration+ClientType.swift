import Foundation

// MARK: - Client types

extension OAuthClientConfiguration {
    /// The OAuth client types of the Cloud Console that sign in a person from an app, each with its
    /// own redirect (Google's "OAuth 2.0 for Mobile & Desktop Apps").
    public enum ClientType: String, Sendable, Hashable, CaseIterable {
        /// A Desktop app: a client secret, the loopback redirect (`http://127.0.0.1:<port>`), a
        /// browser the package opens (``OAuthClient/authorize(scopes:options:browser:)``).
        case desktop
        /// An iOS app (also used for iPadOS, macOS and visionOS apps): a client ID only, no
        /// secret; the redirect is the reversed client ID as a custom URI scheme
        /// (`com.googleusercontent.apps.<id>:/oauth2redirect`), or a claimed https URL the app
        /// owns; the sign-in runs in the system's authentication sheet
        /// (``OAuthClient/authorize(scopes:options:userAgent:store:)``). Google blocks the loopback
        /// redirect for this type.
        case iOS
    }

    /// An iOS-type client from its client ID alone.
    /// - Parameters:
    ///   - clientID: `<id>.apps.googleusercontent.com`, as the Cloud Console shows it.
    ///   - redirectURI: A claimed https redirect the app owns; `nil` uses
    ///     ``reversedClientIDRedirectURI``.
    ///   - endpoints: Where the OAuth server lives (Google by default).
    /// - Returns: The configuration, with ``clientType`` `.iOS` and no secret.
    public static func iOS(clientID: String, redirectURI: String? = nil, endpoints: OAuthEndpoints = .google) -> OAuthClientConfiguration {
        var configuration = OAuthClientConfiguration(clientID: clientID, endpoints: endpoints)
        configuration.clientType = .iOS
        if let redirect = redirectURI ?? configuration.reversedClientIDRedirectURI {
            configuration.redirectURIs = [redirect]
        }
        return configuration
    }

    /// `com.googleusercontent.apps.<id>:/oauth2redirect` for a client ID
    /// `<id>.apps.googleusercontent.com`: the redirect Google gives every iOS client (the URL type
    /// the app registers in its Info.plist is the part before the colon). `nil` for another form.
    public var reversedClientIDRedirectURI: String? {
        let suffix = ".apps.googleusercontent.com"
        guard clientID.hasSuffix(suffix) else { return nil }
        let id = clientID.dropLast(suffix.count)
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return "com.googleusercontent.apps.\(id):/oauth2redirect"
    }

    /// Where the app sign-in redirects: the first redirect URI of an iOS client.
    public var appRedirectURI: String? {
        guard clientType == .iOS else { return nil }
        return redirectURIs.first ?? reversedClientIDRedirectURI
    }
}
