import Foundation

// MARK: - DiscoveryParser

/// Reads Discovery documents into `DiscoveryDocument`, reporting problems with line and JSON path.
public enum DiscoveryParser {
    /// Parses a Discovery document.
    /// - Parameters:
    ///   - data: The document's bytes (UTF-8 JSON).
    ///   - file: The name used in diagnostics (`file:line: error: ...`).
    /// - Throws: `DiscoveryParseError` naming the line and JSON path of the first problem.
    public static func parse(_ data: Data, file: String? = nil) throws(DiscoveryParseError) -> DiscoveryDocument {
        let root: JSONNode
        do {
            root = try JSONReader.parse(Array(data))
        } catch {
            throw DiscoveryParseError(file: file, line: error.line, path: "", message: "invalid JSON: \(error.message)")
        }
        return try decode(root, file: file)
    }

    /// Reads and parses a Discovery document from disk.
    /// - Parameter url: A file URL.
    /// - Throws: `DiscoveryParseError` (line 1 when the file cannot be read).
    public static func parse(contentsOf url: URL) throws(DiscoveryParseError) -> DiscoveryDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DiscoveryParseError(file: url.path, line: 1, path: "", message: "cannot read file: \(error.localizedDescription)")
        }
        return try parse(data, file: url.path)
    }

    static func decode(_ root: JSONNode, file: String?) throws(DiscoveryParseError) -> DiscoveryDocument {
        let document: DiscoveryDocument
        do {
            document = try JSONNodeDecoder(node: root, codingPath: []).decodeValue(DiscoveryDocument.self)
        } catch var error as DiscoveryParseError {
            error.file = file
            throw error
        } catch {
            throw DiscoveryParseError(file: file, line: 1, path: "", message: "\(error)")
        }
        if let kind = document.kind, kind != "discovery#restDescription" {
            throw DiscoveryParseError(
                file: file, line: root.line, path: "kind",
                message: "expected \"discovery#restDescription\", found \"\(kind)\" (not a REST description)"
            )
        }
        return document
    }
}
