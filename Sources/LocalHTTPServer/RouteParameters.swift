// MARK: - RouteParameters

/// Values captured by an ``HTTPRouter`` pattern: `{name}` segments and a trailing `{name...}`.
public struct RouteParameters: Sendable, Hashable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The percent-decoded value captured for `name`.
    public subscript(name: String) -> String? {
        values[name]
    }
}
