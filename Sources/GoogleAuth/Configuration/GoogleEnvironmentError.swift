// MARK: - GoogleEnvironmentError

/// A ``GoogleEnvironment`` variable that cannot be used: which one, and why (never its value's
/// query, which could hold a key).
public struct GoogleEnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The variable's name, e.g. `GOOGLE_API_ROOT_URL`.
    public var variable: String
    /// Why it was refused.
    public var reason: String

    /// - Parameters: See the properties.
    public init(variable: String, reason: String) {
        self.variable = variable
        self.reason = reason
    }

    public var description: String { "\(variable) \(reason)" }
}
