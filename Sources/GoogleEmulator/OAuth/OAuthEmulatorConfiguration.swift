import Foundation

// MARK: - OAuthEmulator.Configuration

extension OAuthEmulator {
    /// What the emulated Google OAuth server knows and how it behaves.
    public struct Configuration: Sendable {
        /// The OAuth clients the server accepts.
        public var clients: [Client]
        /// Lifetime of issued access tokens (Google: one hour).
        public var accessTokenLifetime: TimeInterval
        /// Lifetime of refresh tokens under time-based access; `nil` means they do not expire.
        public var refreshTokenLifetime: TimeInterval?
        /// Lifetime of authorization codes.
        public var authorizationCodeLifetime: TimeInterval
        /// What the authorization endpoint does when a valid request arrives.
        public var consent: ConsentBehavior
        /// Scopes to grant instead of the requested ones, to simulate a partial grant.
        public var grantedScopesOverride: Set<String>?
        /// The signed-in user's email address (in the ID token).
        public var userEmail: String
        /// The signed-in user's stable subject identifier (in the ID token and ``AccessCheck``).
        public var userSubject: String
        /// Whether the authorization endpoint insists on a PKCE `code_challenge`.
        public var requirePKCE: Bool
        /// Seconds until device-flow codes expire.
        public var deviceCodeLifetime: TimeInterval
        /// Seconds between device-flow polls (each `slow_down` adds 5).
        public var devicePollingInterval: Int
        /// The base URL used in the device flow's `verification_url`; derived from `Host` when `nil`.
        public var publicBaseURL: URL?
        /// Service accounts whose JWT bearer grants the token endpoint accepts (verified with each
        /// account's public key), and which IAM Credentials `generateAccessToken` can impersonate.
        public var serviceAccounts: [EmulatedServiceAccount] = []

        /// Each argument sets the property of the same name.
        public init(
            clients: [Client] = [.testDesktopClient, .testIOSClient],
            accessTokenLifetime: TimeInterval = 3600,
            refreshTokenLifetime: TimeInterval? = nil,
            authorizationCodeLifetime: TimeInterval = 600,
            consent: ConsentBehavior = .approve,
            grantedScopesOverride: Set<String>? = nil,
            userEmail: String = "user@example.com",
            userSubject: String = "110169484474386276334",
            requirePKCE: Bool = true,
            deviceCodeLifetime: TimeInterval = 1800,
            devicePollingInterval: Int = 5,
            publicBaseURL: URL? = nil
        ) {
            self.clients = clients
            self.accessTokenLifetime = accessTokenLifetime
            self.refreshTokenLifetime = refreshTokenLifetime
            self.authorizationCodeLifetime = authorizationCodeLifetime
            self.consent = consent
            self.grantedScopesOverride = grantedScopesOverride
            self.userEmail = userEmail
            self.userSubject = userSubject
            self.requirePKCE = requirePKCE
            self.deviceCodeLifetime = deviceCodeLifetime
            self.devicePollingInterval = devicePollingInterval
            self.publicBaseURL = publicBaseURL
        }

        func client(id: String) -> Client? {
            clients.first { $0.id == id }
        }
    }

    // MARK: - Client

    /// A registered OAuth client.
    public struct Client: Sendable, Hashable {
        /// The client ID.
        public var id: String
        /// The client secret, checked at the token endpoint when set.
        public var secret: String?
        /// The Cloud Console's type for this client, which decides which redirects Google accepts
        /// from it before looking at ``redirectURIs``.
        public var type: ClientType
        /// Redirect URIs the authorization endpoint accepts (of those the type allows).
        public var redirectURIs: [RedirectURIPattern]

        /// - Parameters: The client ID, optional secret, type and allowed redirect URIs.
        public init(id: String, secret: String? = nil, type: ClientType = .desktop, redirectURIs: [RedirectURIPattern] = [.loopback()]) {
            self.id = id
            self.secret = secret
            self.type = type
            self.redirectURIs = redirectURIs
        }

        /// A Desktop-app client: a secret, loopback redirects on any port, nothing else (Google
        /// refuses a custom URI scheme from a Desktop client).
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        public static let testDesktopClient = Client(
            id: "test-client.apps.googleusercontent.com",
            secret: "test-client-secret",
            type: .desktop,
            redirectURIs: [.loopback()]
        )

        /// An iOS-type client: no secret, only its reversed-client-ID scheme as a redirect (the
        /// loopback one is refused with `invalid_request`), PKCE required.
        // swift-format-ignore: DontRepeatTypeInStaticProperties
        public static let testIOSClient = Client(
            id: "test-ios-client.apps.googleusercontent.com",
            secret: nil,
            type: .iOS,
            redirectURIs: [.exact("com.googleusercontent.apps.test-ios-client:/oauth2redirect")]
        )

        func allows(redirectURI: String) -> Bool {
            redirectURIs.contains { $0.matches(redirectURI) }
        }
    }

    // MARK: - ClientType

    /// The OAuth client types of the Cloud Console the emulator tells apart, each with the
    /// redirects Google's "OAuth 2.0 for Mobile & Desktop Apps" gives it.
    public enum ClientType: String, Sendable, Hashable, CaseIterable {
        /// A Desktop app: the loopback redirect only (a custom URI scheme is refused with
        /// `invalid_request`, any other URI with `redirect_uri_mismatch`).
        case desktop
        /// An iOS app: no secret (one sent to the token endpoint is refused with `invalid_client`),
        /// PKCE required, only its registered redirects (the reversed client ID's scheme, or a claimed
        /// https URL); the loopback redirect is refused with `invalid_request`.
        case iOS
    }

    // MARK: - RedirectURIPattern

    /// Which redirect URIs a client may use.
    public enum RedirectURIPattern: Sendable, Hashable {
        /// Exactly this URI.
        case exact(String)
        /// `http://127.0.0.1:<any port><path>`, `http://[::1]:<any port><path>` or `http://localhost:...`,
        /// as Google allows for Desktop clients; `path` `nil` accepts any path.
        case loopback(path: String? = nil)

        func matches(_ uri: String) -> Bool {
            switch self {
            case .exact(let expected):
                return uri == expected
            case .loopback(let path):
                guard let components = URLComponents(string: uri), components.scheme == "http",
                    let host = components.host, ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host),
                    components.query == nil, components.fragment == nil
                else { return false }
                guard let path else { return true }
                return (components.path.isEmpty ? "/" : components.path) == path
            }
        }
    }

    // MARK: - ConsentBehavior

    /// What the emulated user does on the consent screen.
    public enum ConsentBehavior: Sendable, Hashable {
        /// Grant access and redirect with a code.
        case approve
        /// Redirect with `error=access_denied`.
        case deny
        /// Redirect with `error=<code>` (e.g. `admin_policy_enforced`, `org_internal`).
        case error(String)
    }
}
