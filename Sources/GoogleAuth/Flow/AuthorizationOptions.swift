// MARK: - AuthorizationOptions

/// Optional parameters of the authorization request and limits of the flow.
public struct AuthorizationOptions: Sendable, Hashable {
    /// `access_type`: Google always issues refresh tokens to installed apps; kept for completeness.
    public enum AccessType: String, Sendable, Hashable {
        case online, offline
    }

    /// Values of `prompt` (space-delimited when several).
    public enum Prompt: String, Sendable, Hashable {
        case none
        case consent
        case selectAccount = "select_account"
    }

    /// `login_hint`: an email address or `sub` to preselect the account.
    public var loginHint: String?
    /// `access_type`; omitted when `nil`.
    public var accessType: AccessType?
    /// `prompt`; omitted when empty.
    public var prompt: [Prompt]
    /// `include_granted_scopes`: ask for incremental authorization.
    public var includeGrantedScopes: Bool?
    /// The PKCE method (S256 unless the other side cannot do SHA-256).
    public var codeChallengeMethod: PKCE.Method
    /// How long the loopback flow waits for the browser to come back.
    public var timeout: Duration
    /// Extra query parameters, appended as given (e.g. `hd` for a hosted domain).
    public var additionalParameters: [String: String]

    /// - Parameters: See the properties.
    public init(
        loginHint: String? = nil,
        accessType: AccessType? = nil,
        prompt: [Prompt] = [],
        includeGrantedScopes: Bool? = nil,
        codeChallengeMethod: PKCE.Method = .s256,
        timeout: Duration = .seconds(300),
        additionalParameters: [String: String] = [:]
    ) {
        self.loginHint = loginHint
        self.accessType = accessType
        self.prompt = prompt
        self.includeGrantedScopes = includeGrantedScopes
        self.codeChallengeMethod = codeChallengeMethod
        self.timeout = timeout
        self.additionalParameters = additionalParameters
    }
}
