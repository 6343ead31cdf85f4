import Foundation
public import GoogleHTTPTypes

// MARK: - HTTPRouter

/// Dispatches requests by method and path pattern.
///
/// Patterns are literal segments, `{name}` (one segment) and, last only, `{name...}` (the rest of
/// the path, possibly empty). Segments are matched after percent-decoding each one separately, so
/// an ID containing `%2F` stays one segment. Routes are tried in registration order. A path that
/// matches no route gets 404; one that matches only with other methods gets 405 with `Allow`.
/// `HEAD` falls back to a `GET` route (the server drops the body).
public struct HTTPRouter: Sendable {
    public typealias Handler = @Sendable (HTTPServerRequest, RouteParameters) async -> HTTPServerResponse

    private struct Route: Sendable {
        var method: GoogleHTTPMethod?
        var pattern: RoutePattern
        var handler: Handler
    }

    private var routes: [Route] = []
    /// Answers requests no route matched; the default is a plain-text 404.
    public var notFoundHandler: HTTPServerHandler = { _ in .notFound }

    public init() {}

    // MARK: - Registration

    /// Adds a route.
    /// - Parameters:
    ///   - method: The method to match, or `nil` for any.
    ///   - pattern: For example `/drive/v3/files/{fileId}` or `/upload/{path...}`.
    ///   - handler: Receives the request and the captured parameters.
    public mutating func add(_ method: GoogleHTTPMethod?, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: RoutePattern(pattern), handler: handler))
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add(.get, pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add(.post, pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add(.put, pattern, handler) }
    public mutating func patch(_ pattern: String, _ handler: @escaping Handler) { add(.patch, pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add(.delete, pattern, handler) }

    // MARK: - Dispatch

    /// What a request resolves to, without running anything.
    public enum Match: Sendable {
        case route(RouteParameters)
        case methodNotAllowed(allowed: [GoogleHTTPMethod])
        case notFound
    }

    /// Finds the route for `request` and runs it; use as a ``LocalHTTPServer`` handler.
    public func handle(_ request: HTTPServerRequest) async -> HTTPServerResponse {
        let segments = RoutePattern.segments(ofTarget: request.target)
        var allowed: [GoogleHTTPMethod] = []
        var getFallback: (Route, RouteParameters)?
        for route in routes {
            guard let parameters = route.pattern.match(segments) else { continue }
            if route.method == nil || route.method == request.method {
                return await route.handler(request, parameters)
            }
            if let method = route.method {
                if request.method == .head && method == .get && getFallback == nil { getFallback = (route, parameters) }
                if !allowed.contains(method) { allowed.append(method) }
            }
        }
        if let (route, parameters) = getFallback {
            return await route.handler(request, parameters)
        }
        if !allowed.isEmpty {
            var response = HTTPServerResponse.text("Method Not Allowed\n", status: 405)
            response.headers["Allow"] = allowed.map(\.rawValue).joined(separator: ", ")
            return response
        }
        return await notFoundHandler(request)
    }

    /// Whether some route matches `request` (ignoring the method).
    public func matches(_ request: HTTPServerRequest) -> Bool {
        let segments = RoutePattern.segments(ofTarget: request.target)
        return routes.contains { $0.pattern.match(segments) != nil }
    }
}
