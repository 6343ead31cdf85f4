// MARK: - TranslationError

/// A Discovery document that parsed but cannot be turned into Swift (e.g. a dangling `$ref`).
public struct TranslationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Dotted JSON path of the offending element.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
