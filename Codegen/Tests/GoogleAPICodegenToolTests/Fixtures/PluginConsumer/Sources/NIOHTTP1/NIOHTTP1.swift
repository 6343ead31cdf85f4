// A stand-in for SwiftNIO's NIOHTTP1 (no dependency: only the names a server app has in scope),
// so the build proves a generated module imports next to it without ambiguous names.

public struct HTTPHeaders: Sendable {
    public var names: [String]
    public init(_ names: [String] = []) { self.names = names }
}

public enum HTTPMethod: Sendable {
    // NIO's spelling, which is the point of this stand-in.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case GET, POST
}

public struct HTTPResponseHead: Sendable {
    public var status: Int
    public init(status: Int) { self.status = status }
}
