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
        try parse(try read(url), file: url.path)
    }

    /// The bytes of one of the generator's input files (a document, its overlay, a quota table).
    /// - Throws: `DiscoveryParseError` at line 1 naming the file when it cannot be read.
    static func read(_ url: URL) throws(DiscoveryParseError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DiscoveryParseError(file: url.path, line: 1, path: "", message: "cannot read file: \(error.localizedDescription)")
        }
    }

    /// Parses `data` and decodes it as `T` with GoogleJSON, keeping the parsed JSON; every failure
    /// is a `DiscoveryParseError` naming `file`, the line and the JSON path.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String?) throws(DiscoveryParseError) -> (
        json: GoogleJSONDocument, value: T
    ) {
        let json: GoogleJSONDocument
        do {
            json = try GoogleJSONDocument(parsing: data)
        } catch {
            throw DiscoveryParseError(file: file, line: error.line(in: data), path: "", message: "invalid JSON: \(error.message)")
        }
        do {
            return (json, try json.decode(T.self))
        } catch let error as GoogleJSONDecodingError {
            throw DiscoveryParseError(file: file, line: json.line(ofByteOffset: error.byteOffset), path: error.path, message: error.message)
        } catch {
            throw DiscoveryParseError(file: file, line: 1, path: "", message: "\(error)")
        }
    }

    /// Parses and decodes, keeping the parsed JSON so later stages can locate a path's line.
    static func parseDocument(_ data: Data, file: String?) throws(DiscoveryParseError) -> (
        json: GoogleJSONDocument, discovery: DiscoveryDocument
    ) {
        let (json, document) = try decode(DiscoveryDocument.self, from: data, file: file)
        if let kind = document.kind, kind != "discovery#restDescription" {
            throw DiscoveryParseError(
                file: file, line: line(of: "kind", in: json), path: "kind",
                message: "expected \"discovery#restDescription\", found \"\(CodegenCommandLine.printable(kind))\" (not a REST description)"
                    + (kind == "discovery#directoryList"
                        ? ": this is the Discovery directory, the list of APIs; download one API's document with `google-api-codegen fetch NAME VERSION`"
                        : "")
            )
        }
        return (json, document)
    }

    /// What a JSON file without `kind` that is not a REST Discovery document is instead, in the words of the
    /// diagnostic (`nil` when it may be one). Files people mix up with Discovery documents are
    /// named: OAuth client secrets, service-account keys, a Google error body (a failed
    /// download), the Discovery directory list. Nothing of the file's content is echoed: the
    /// first two hold secrets.
    static func notADiscoveryDocument(_ json: GoogleJSONDocument, kind: String?) -> String? {
        func has(_ key: String) -> Bool { json.member(key, of: json.root) != nil }
        let notDiscovery =
            "not a REST Discovery document (those are objects with \"kind\": \"discovery#restDescription\", \"rootUrl\", \"resources\" and \"schemas\")"
        guard kind == nil else { return nil }
        if has("installed") || has("web") {
            return notDiscovery
                + ": this looks like an OAuth client secret file ({\"installed\": …} or {\"web\": …}), which belongs to the sign-in configuration, not to code generation"
        }
        if has("private_key") || has("client_email") {
            return notDiscovery
                + ": this looks like a service account key file, which belongs to the credentials configuration, not to code generation"
        }
        if has("error") && !has("rootUrl") {
            return notDiscovery + ": this looks like a Google error response ({\"error\": …}); the download that produced it failed"
        }
        if !has("discoveryVersion") && !has("rootUrl") && !has("resources") && !has("schemas") && !has("methods") {
            return notDiscovery + ": it has none of their keys"
        }
        return nil
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
