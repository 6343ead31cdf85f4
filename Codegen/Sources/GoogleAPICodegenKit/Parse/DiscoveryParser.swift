import Foundation
import GoogleJSON

// MARK: - DiscoveryParser

/// Reads Discovery documents into `DiscoveryDocument`, reporting problems with line and JSON path.
///
/// Parsing and decoding are GoogleJSON's (the runtime's decoder); its errors name the JSON path and
/// byte offset, which become `file:line:` diagnostics here.
public enum DiscoveryParser {
    /// Parses a Discovery document.
    /// - Parameters:
    ///   - data: The document's bytes (UTF-8 JSON).
    ///   - file: The name used in diagnostics (`file:line: error: ...`).
    /// - Throws: `DiscoveryParseError` naming the line and JSON path of the first problem.
    public static func parse(_ data: Data, file: String? = nil) throws(DiscoveryParseError) -> DiscoveryDocument {
        try parseDocument(data, file: file).discovery
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

    /// Parses and decodes, keeping the parsed JSON so later stages can locate a path's line.
    static func parseDocument(_ data: Data, file: String?) throws(DiscoveryParseError) -> (json: GoogleJSONDocument, discovery: DiscoveryDocument) {
        let json: GoogleJSONDocument
        do {
            json = try GoogleJSONDocument(parsing: data)
        } catch {
            throw DiscoveryParseError(file: file, line: error.line(in: data), path: "", message: "invalid JSON: \(error.message)")
        }
        let document: DiscoveryDocument
        do {
            document = try json.decode(DiscoveryDocument.self)
        } catch let error as GoogleJSONDecodingError {
            throw DiscoveryParseError(file: file, line: json.line(ofByteOffset: error.byteOffset), path: error.path, message: error.message)
        } catch {
            throw DiscoveryParseError(file: file, line: 1, path: "", message: "\(error)")
        }
        if let kind = document.kind, kind != "discovery#restDescription" {
            throw DiscoveryParseError(
                file: file, line: line(of: "kind", in: json), path: "kind",
                message: "expected \"discovery#restDescription\", found \"\(kind)\" (not a REST description)"
            )
        }
        return (json, document)
    }

    /// The line of the value at a dotted JSON path; keys that themselves contain dots are
    /// matched greedily. Falls back to the deepest value found.
    static func line(of path: String, in json: GoogleJSONDocument) -> Int {
        var location = json.root
        var remaining = path.split(separator: ".").map(String.init)
        while !remaining.isEmpty {
            var matched = false
            for count in stride(from: remaining.count, through: 1, by: -1) {
                if let child = json.member(remaining[..<count].joined(separator: "."), of: location) {
                    location = child
                    remaining.removeFirst(count)
                    matched = true
                    break
                }
            }
            if !matched { break }
        }
        return json.line(ofByteOffset: json.byteOffset(of: location))
    }
}
