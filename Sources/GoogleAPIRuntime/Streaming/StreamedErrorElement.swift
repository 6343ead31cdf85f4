import Foundation
import GoogleJSON

// MARK: - StreamedErrorElement

/// An `{"error": {…}}` element in place of a stream element: how Google reports a failure after
/// a streaming response has started with `200`.
enum StreamedErrorElement {
    /// The error an element reports, or `nil` for an ordinary element. Only an object whose first
    /// key is `"error"` is parsed, so ordinary elements cost a few byte comparisons.
    static func apiError(in bytes: Data, headers: GoogleHTTPHeaders) -> GoogleAPIError? {
        guard startsWithErrorKey(bytes), case .object(let root)? = try? JSONValue(parsing: bytes),
            case .object(let error)? = root["error"]
        else { return nil }
        let status = error["code"]?.intValue ?? 500
        return GoogleAPIError(status: status, headers: headers, body: bytes, parsed: .object(root))
    }

    private static let key = Array("\"error\"".utf8)

    private static func startsWithErrorKey(_ bytes: Data) -> Bool {
        var index = bytes.startIndex
        func skipWhitespace() {
            while index < bytes.endIndex, bytes[index].isJSONWhitespace { index += 1 }
        }
        skipWhitespace()
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "{") else { return false }
        index += 1
        skipWhitespace()
        guard bytes[index...].starts(with: key) else { return false }
        index += key.count
        skipWhitespace()
        return index < bytes.endIndex && bytes[index] == UInt8(ascii: ":")
    }
}
