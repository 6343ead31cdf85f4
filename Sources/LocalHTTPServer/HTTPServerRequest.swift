import Foundation
public import GoogleHTTP

// MARK: - HTTPServerRequest

/// A request received by ``LocalHTTPServer``.
public struct HTTPServerRequest: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as received, e.g. `/files/abc?alt=media`.
    public var target: String
    /// The percent-decoded path of the target, without the query.
    public var path: String
    /// The raw query string (without `?`), if any.
    public var query: String?
    /// Query items percent-decoded (`+` is a space, as in forms), in order, repeats kept.
    public var queryItems: [(name: String, value: String)]
    public var headers: HTTPHeaders
    /// The whole body, for routes that buffer (the default).
    public var body: Data
    /// Identifies the TCP connection the request arrived on (to count reuse in tests).
    public var connectionID: Int

    public init(
        method: HTTPMethod, target: String, path: String, query: String?,
        queryItems: [(name: String, value: String)], headers: HTTPHeaders, body: Data, connectionID: Int
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.connectionID = connectionID
    }

    /// The first value of query parameter `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Every value of query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }
}
