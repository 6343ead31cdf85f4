import Foundation
import GoogleBase
public import GoogleHTTPTypes

// MARK: - GoogleMiddlewareRequest

/// A request as a ``GoogleMiddleware`` sees it: what it may read is redacted by the session (no
/// `Authorization`, API key, token or other secret query value), and what it may change is the
/// headers. The body is not shown.
public struct GoogleMiddlewareRequest: Sendable {
    /// The request the session sends; never handed out.
    var http: GoogleHTTPRequest

    init(_ http: GoogleHTTPRequest) {
        self.http = http
    }

    /// The HTTP method.
    public var method: GoogleHTTPMethod { http.method }

    /// The URL with its secret query values masked (`key`, `access_token`, `upload_id`…).
    public var url: String { SecretRedactor.redactedURL(http.url) }

    /// The host the request goes to (OpenTelemetry's `server.address`).
    public var serverAddress: String? { http.url.host }

    /// The port the request goes to, the scheme's default when the URL names none
    /// (OpenTelemetry's `server.port`).
    public var serverPort: Int? {
        if let port = http.url.port { return port }
        switch http.url.scheme?.lowercased() {
        case "https": return 443
        case "http": return 80
        default: return nil
        }
    }

    /// The URL's scheme (`https`).
    public var scheme: String? { http.url.scheme }

    /// The headers, credential values masked (`Authorization: Bearer REDACTED`).
    public var headers: [(name: String, value: String)] {
        http.headers.map { (name: $0.name, value: GoogleRedaction.redactedHeaderValue($0.value, name: $0.name)) }
    }

    /// The value of the header `name` (case-insensitive), masked when it is a credential; `nil`
    /// when absent.
    public func header(_ name: String) -> String? {
        http.headers[name].map { GoogleRedaction.redactedHeaderValue($0, name: name) }
    }

    /// Sets (or with `nil` removes) the header `name`, replacing any of that name. The session's
    /// credential headers (`Authorization`, `Proxy-Authorization`, `x-goog-api-key`) are its own:
    /// setting or removing them is ignored.
    /// - Parameters:
    ///   - name: The header's name.
    ///   - value: Its value, or `nil` to remove it.
    public mutating func setHeader(_ name: String, _ value: String?) {
        guard !GoogleRedaction.sessionCredentialHeaders.contains(name.lowercased()) else { return }
        if let value {
            http.headers.replaceOrAdd(name: name, value: value)
        } else {
            http.headers[name] = nil
        }
    }
}
