import Foundation

// MARK: - AppRedirect

/// Where an app's sign-in redirects (RFC 8252 §7.1 and §7.2), and the check that a callback URL a
/// user agent hands back is at that redirect.
///
/// A custom URI scheme (the reversed client ID `com.googleusercontent.apps.<id>:/oauth2redirect`)
/// or an https URL the app claims (a universal link, through its associated domains). Never a
/// loopback or other http URL: those are for Desktop clients.
public struct AppRedirect: Sendable, Hashable {
    /// How the system recognises the redirect.
    public enum Kind: Sendable, Hashable {
        /// A private-use scheme the app registers as a URL type in its Info.plist.
        case customScheme(String)
        /// An https URL on a domain associated with the app (`applinks:` in its entitlements).
        case https(host: String, path: String)
    }

    /// The redirect URI, as sent in the authorization request.
    public let uri: String
    /// How it is recognised.
    public let kind: Kind

    /// Reads a redirect URI; `nil` for one an app cannot use (http, loopback, no scheme, an https
    /// URL without a host or with a query or fragment).
    /// - Parameter uri: The redirect URI.
    public init?(_ uri: String) {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon].lowercased()
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        switch scheme {
        case "http":
            return nil
        case "https":
            guard let components = URLComponents(string: uri), let host = components.host, !host.isEmpty,
                components.query == nil, components.fragment == nil, components.user == nil, components.port == nil
            else { return nil }
            self.kind = .https(host: host.lowercased(), path: components.path.isEmpty ? "/" : components.path)
        default:
            guard !uri.contains("?"), !uri.contains("#") else { return nil }
            self.kind = .customScheme(scheme)
        }
        self.uri = uri
    }

    /// The scheme the system matches the callback by (`https` for a claimed https redirect).
    public var scheme: String {
        switch kind {
        case .customScheme(let scheme): scheme
        case .https: "https"
        }
    }

    /// Whether `callback` is at this redirect: the same scheme, and the same host and path for
    /// https (case-insensitive host) or the same text before its query for a custom scheme.
    /// - Parameter callback: The URL a user agent returned.
    public func matches(_ callback: URL) -> Bool {
        let text = callback.absoluteString
        switch kind {
        case .customScheme(let scheme):
            guard let colon = text.firstIndex(of: ":"), text[..<colon].lowercased() == scheme, let uriColon = uri.firstIndex(of: ":")
            else { return false }
            let end = text[colon...].firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
            return text[colon..<end] == uri[uriColon...]
        case .https(let host, let path):
            guard let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
                components.host?.lowercased() == host, components.port == nil, components.user == nil
            else { return false }
            return (components.path.isEmpty ? "/" : components.path) == path
        }
    }
}
