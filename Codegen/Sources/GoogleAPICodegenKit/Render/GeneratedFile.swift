// MARK: - GeneratedFile

/// One emitted Swift source file.
public struct GeneratedFile: Sendable, Equatable {
    /// File name only (no directory), e.g. `GoogleDrive+File.swift`.
    public var name: String
    public var contents: String

    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }
}
