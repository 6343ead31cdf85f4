import Foundation
import GoogleBase
import GoogleHTTPTypes

// MARK: - AuthorizationCallback

/// The parameters of the redirect back from the authorization server.
///
/// Works for loopback requests (`/?code=…&state=…`) and for custom-scheme callback URLs the app
/// receives (`com.googleusercontent.apps.123:/oauth2redirect?code=…&state=…`).
/// `description` never shows the code or state.
public struct AuthorizationCallback: Sendable, Hashable {
    /// The authorization code, on success.
    public var code: String?
    /// The `state` echoed by the server.
    public var state: String?
    /// The OAuth `error` code, e.g. `access_denied`.
    public var error: String?
    public var errorDescription: String?
    /// The granted scopes, when the server lists them in the redirect.
    public var scope: String?

    /// - Parameters: The redirect's parameters.
    public init(code: String? = nil, state: String? = nil, error: String? = nil, errorDescription: String? = nil, scope: String? = nil) {
        self.code = code
        self.state = state
        self.error = error
        self.errorDescription = errorDescription
        self.scope = scope
    }

    /// Reads the parameters from decoded query items (first value wins).
    public init(queryItems: [(name: String, value: String)]) {
        func value(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }
        self.init(
            code: value("code"), state: value("state"), error: value("error"),
            errorDescription: value("error_description"), scope: value("scope"))
    }

    /// Parses a callback URL (any scheme); parameters are read from the query.
    public init(url: URL) {
        self.init(callbackString: url.absoluteString)
    }

    /// Parses a callback URL given as text, e.g. what the OS handed to a custom-scheme handler.
    public init(callbackString: String) {
        var query = callbackString
        if let hash = query.firstIndex(of: "#") { query = String(query[..<hash]) }
        if let mark = query.firstIndex(of: "?") {
            query = String(query[query.index(after: mark)...])
        } else {
            query = ""
        }
        self.init(queryItems: FormURLEncoding.decode(query))
    }
}

// MARK: - CustomStringConvertible

extension AuthorizationCallback: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "AuthorizationCallback(code: \(code == nil ? "none" : "<redacted>"), state: \(state == nil ? "none" : "<redacted>"), error: \(error ?? "none"))"
    }

    public var debugDescription: String { description }
}
