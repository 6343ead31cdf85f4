// MARK: - Command

/// One (possibly multi-word) subcommand of a tool, e.g. `broadcasts list`.
public struct Command: Sendable {
    public var path: [String]
    public var summary: String
    /// Positional arguments as shown in usage, e.g. `BROADCAST_ID`.
    public var argumentsUsage: String
    public var options: [OptionSpecification]
    public var run: @Sendable (ParsedArguments) async throws -> Void

    public init(
        _ path: String, summary: String, arguments argumentsUsage: String = "",
        options: [OptionSpecification] = [], run: @escaping @Sendable (ParsedArguments) async throws -> Void
    ) {
        self.path = path.split(separator: " ").map(String.init)
        self.summary = summary
        self.argumentsUsage = argumentsUsage
        self.options = options
        self.run = run
    }

    public var name: String { path.joined(separator: " ") }
}
