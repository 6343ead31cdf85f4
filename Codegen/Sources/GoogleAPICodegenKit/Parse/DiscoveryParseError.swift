// MARK: - DiscoveryParseError

/// A Discovery document that could not be read, located by line and JSON path.
///
/// `description` is the compiler-style diagnostic `DOC.json:12: error: resources.files.methods.list.parameters.pageSize.type: expected a string`,
/// which Xcode and SwiftPM show inline when a build plugin prints it.
public struct DiscoveryParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document's path as given to the parser, or nil when parsing bytes without a name.
    public var file: String?
    /// 1-based line of the offending value.
    public var line: Int
    /// Dotted JSON path (`resources.files.methods.list`), empty for the document root.
    public var path: String
    /// What was wrong.
    public var message: String

    public init(file: String?, line: Int, path: String, message: String) {
        self.file = file
        self.line = line
        self.path = path
        self.message = message
    }

    public var description: String {
        let location = path.isEmpty ? "" : "\(path): "
        return "\(file ?? "<input>"):\(line): error: \(location)\(message)"
    }
}
