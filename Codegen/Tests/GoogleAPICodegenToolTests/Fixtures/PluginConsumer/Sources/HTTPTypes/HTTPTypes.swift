// A stand-in for swift-http-types' HTTPTypes (no dependency: only the names a server app built on
// it has in scope), so the build proves a generated module imports next to it without ambiguity.

public struct HTTPRequest: Sendable {
    public var path: String
    public init(path: String) { self.path = path }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public init(status: Int) { self.status = status }
}

public struct HTTPFields: Sendable {
    public init() {}
}
