import Foundation
import GoogleHTTPTypes

// MARK: - FaultSpecification

/// Parses fault rules from text, for `google-api-emulator --fault SPEC`.
///
/// Grammar: `KIND[@PATHPREFIX][*COUNT]`, where KIND is one of
/// `503` / `503:RETRYAFTER` (a status, optionally with `Retry-After` seconds),
/// `handled:500` (handle the request, then answer the status anyway),
/// `drop:BYTES` (close after BYTES response body bytes), `close` (close without answering),
/// `dropupload` / `dropupload:BYTES` (cut a resumable upload chunk), `delay:MILLISECONDS`,
/// `slow:CHUNKBYTES:MILLISECONDS`. A `METHOD ` prefix (e.g. `PUT 503@/upload`) limits the method.
/// Examples: `503@/drive/v3/files*2`, `dropupload:262144@/upload/drive/v3/files`, `delay:1500`.
public enum FaultSpecification {
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var specification: String
        public var reason: String
        public var description: String { "invalid fault '\(specification)': \(reason)" }
    }

    /// - Throws: ``ParseError`` when the text does not follow the grammar.
    public static func parse(_ text: String) throws(ParseError) -> FaultRule {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var method: GoogleHTTPMethod?
        if let space = rest.firstIndex(of: " ") {
            method = GoogleHTTPMethod(rawValue: String(rest[..<space]))
            rest = rest[rest.index(after: space)...]
        }
        var count = 1
        if let star = rest.lastIndex(of: "*") {
            guard let parsed = Int(rest[rest.index(after: star)...]), parsed > 0 else {
                throw ParseError(specification: text, reason: "count after '*' must be a positive integer")
            }
            count = parsed
            rest = rest[..<star]
        }
        var prefix: String?
        if let at = rest.firstIndex(of: "@") {
            prefix = String(rest[rest.index(after: at)...])
            guard prefix?.hasPrefix("/") == true else {
                throw ParseError(specification: text, reason: "path prefix must start with '/'")
            }
            rest = rest[..<at]
        }
        let fault = try parseKind(String(rest), specification: text)
        return FaultRule(fault: fault, pathPrefix: prefix, method: method, count: count)
    }

    private static func parseKind(_ kind: String, specification: String) throws(ParseError) -> EmulatorFault {
        let parts = kind.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func integer(_ index: Int) throws(ParseError) -> Int {
            guard index < parts.count, let value = Int(parts[index]), value >= 0 else {
                throw ParseError(specification: specification, reason: "expected a non-negative integer in '\(kind)'")
            }
            return value
        }
        switch parts.first ?? "" {
        case "drop":
            return .dropConnection(afterBytes: try integer(1))
        case "close":
            return .closeWithoutResponse
        case "dropupload":
            return .dropUploadConnection(afterBytes: parts.count > 1 ? try integer(1) : nil)
        case "delay":
            return .delay(.milliseconds(try integer(1)))
        case "slow":
            return .slowBody(chunkSize: max(1, try integer(1)), delay: .milliseconds(try integer(2)))
        case "handled":
            let status = try integer(1)
            guard (400...599).contains(status) else {
                throw ParseError(specification: specification, reason: "the status after 'handled:' must be 400 to 599")
            }
            return .statusAfterHandling(status)
        default:
            guard let status = Int(parts[0]), (400...599).contains(status) else {
                throw ParseError(specification: specification, reason: "unknown fault kind '\(kind)'")
            }
            return .status(status, retryAfter: parts.count > 1 ? try integer(1) : nil)
        }
    }
}
