public import LocalHTTPServer

// MARK: - AccessCheck

/// The outcome of ``OAuthEmulator/authorize(_:anyOf:)`` for an API request.
public enum AccessCheck: Sendable {
    /// The bearer token is valid, unexpired and carries at least one acceptable scope.
    case allowed(subject: String, scopes: Set<String>)
    /// Send this Google-style 401 or 403 response instead of handling the request.
    case denied(HTTPServerResponse)

    /// Whether the request may proceed.
    public var isAllowed: Bool {
        if case .allowed = self { return true }
        return false
    }
}
