import Foundation
public import GoogleHTTPTypes

// MARK: - HTTPServerRequest

/// A request received by ``LocalHTTPServer``.
public struct HTTPServerRequest: Sendable {
    public var method: GoogleHTTPMethod
    /// The request target exactly as received, e.g. `/files/abc?alt=media`.
    public var target: String
    /// The percent-decoded path of the target, without the query.
    public var path: String
    /// The raw query string (without `?`), if any.
    public var query: String?
    /// Query items percent-decoded (`+` is a space, as in forms), in order, repeats kept.
    public var queryItems: [(name: String, value: String)]
    public var headers: GoogleHTTPHeaders
    /// The whole body, for routes that buffer (the default). Empty when ``bodyStream`` is set.
    public var body: Data
    /// The body as it arrives, for requests the server was configured to stream
    /// (``LocalHTTPServer/Configuration/streamRequestBody``); `nil` when the body is buffered.
    public var bodyStream: HTTPServerBodyStream? = nil
    /// The HTTP minor version the client spoke (1 for HTTP/1.1, 0 for HTTP/1.0).
    public var httpMinorVersion: Int = 1
    /// Identifies the TCP connection the request arrived on (to count reuse in tests).
    public var connectionID: Int

    public init(
        method: GoogleHTTPMethod, target: String, path: String, query: String?,
        queryItems: [(name: String, value: String)], headers: GoogleHTTPHeaders, body: Data, connectionID: Int
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

    /// Builds a request from a raw target, splitting and percent-decoding path and query the way
    /// the server does (for requests that did not come off a socket, e.g. parts of a batch).
    /// - Parameters:
    ///   - method: The request method.
    ///   - target: Origin form (`/path?query`) or absolute form (`http://host/path?query`).
    ///   - headers: The header fields.
    ///   - body: The buffered body.
    ///   - connectionID: The connection it belongs to (the enclosing request's, for batch parts).
    public init(method: GoogleHTTPMethod, target: String, headers: GoogleHTTPHeaders, body: Data = Data(), connectionID: Int = 0) {
        let parts = RequestTarget.parse(target)
        self.init(
            method: method, target: target, path: parts.path, query: parts.query, queryItems: parts.queryItems,
            headers: headers, body: body, connectionID: connectionID)
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
