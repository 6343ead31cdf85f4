// MARK: - Granted scopes

extension OAuthTokens {
    /// The scopes the user granted (an alias of `scopes` that reads well at call sites).
    public var grantedScopes: Set<String> { scopes }

    /// Throws unless every scope in `required` was granted.
    /// - Parameter required: Scopes the feature needs.
    /// - Throws: ``OAuthError/Code/scopeNotGranted`` listing the missing ones.
    public func requireScopes(_ required: [String]) throws {
        let missing = required.filter { !scopes.contains($0) }
        guard missing.isEmpty else { throw OAuthError.scopeNotGranted(required: missing, granted: scopes) }
    }

    /// Throws unless `scope` was granted.
    /// - Throws: ``OAuthError/Code/scopeNotGranted``.
    public func requireScope(_ scope: String) throws {
        try requireScopes([scope])
    }
}
