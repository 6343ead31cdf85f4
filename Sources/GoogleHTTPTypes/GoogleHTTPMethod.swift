// MARK: - GoogleHTTPMethod

/// An HTTP request method. Any token is allowed; the common ones are provided as constants.
public struct GoogleHTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }

    public static let get: GoogleHTTPMethod = "GET"
    public static let head: GoogleHTTPMethod = "HEAD"
    public static let post: GoogleHTTPMethod = "POST"
    public static let put: GoogleHTTPMethod = "PUT"
    public static let patch: GoogleHTTPMethod = "PATCH"
    public static let delete: GoogleHTTPMethod = "DELETE"
    public static let options: GoogleHTTPMethod = "OPTIONS"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }
}
