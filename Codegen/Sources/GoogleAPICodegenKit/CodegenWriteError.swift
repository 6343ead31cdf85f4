// MARK: - CodegenWriteError

/// Output that could not be written: `PATH: error: message`.
public struct CodegenWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "\(path): error: \(message)" }
}
