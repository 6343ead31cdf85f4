import Foundation
import GoogleBase

// MARK: - CustomStringConvertible

/// Printing a request shows its method, its URL with secret query values masked and its headers
/// with credentials masked, so logging an authorized request never leaks its bearer token.
extension GoogleHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "\(method) \(SecretRedactor.redactedURL(url)) \(headers)"
    }

    public var debugDescription: String { "GoogleHTTPRequest(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": SecretRedactor.redactedURL(url),
                "headers": headers,
                "body": bodySummary,
            ])
    }

    private var bodySummary: String {
        switch body {
        case .empty: "empty"
        case .data(let data): "\(data.count) bytes"
        case .file(let url, _, _): "file \(url.lastPathComponent)"
        case .stream(_, let length): length.map { "stream of \($0) bytes" } ?? "stream"
        }
    }
}
