import Foundation

// MARK: - RoutePattern

/// A parsed route pattern.
struct RoutePattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    let segments: [Segment]

    init(_ pattern: String) {
        segments = pattern.split(separator: "/", omittingEmptySubsequences: true).map { part in
            if part.hasPrefix("{") && part.hasSuffix("...}") {
                return .rest(String(part.dropFirst().dropLast(4)))
            }
            if part.hasPrefix("{") && part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// Raw path segments of a request target, each percent-decoded separately.
    static func segments(ofTarget target: String) -> [String] {
        let rawPath = RequestTarget.parse(target).rawPath
        return rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
            RequestTarget.percentDecode($0, plusIsSpace: false)
        }
    }

    func match(_ path: [String]) -> RouteParameters? {
        var values: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .literal(let literal):
                guard index < path.count, path[index] == literal else { return nil }
                index += 1
            case .parameter(let name):
                guard index < path.count else { return nil }
                values[name] = path[index]
                index += 1
            case .rest(let name):
                values[name] = path[index...].joined(separator: "/")
                return RouteParameters(values)
            }
        }
        return index == path.count ? RouteParameters(values) : nil
    }
}
