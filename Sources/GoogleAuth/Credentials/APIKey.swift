import Foundation

// MARK: - APIKey

/// A Google API key, for public data (most YouTube Data API reads, public Drive files): sent as the
/// `x-goog-api-key` header, never in the URL, so it stays out of URLs and logs.
///
/// `description` never shows the key.
public struct APIKey: Sendable, Hashable {
    /// The key.
    public var value: String
    /// A project billed for quota (`x-goog-user-project`), or `nil` for the key's own project.
    public var quotaProjectID: String?
    /// Where the key came from, for status displays (e.g. `GOOGLE_API_KEY`); never the key.
    public var source: String

    /// - Parameters:
    ///   - value: The key.
    ///   - quotaProjectID: A project billed for quota, or `nil`.
    ///   - source: Where the key came from, for status displays.
    public init(_ value: String, quotaProjectID: String? = nil, source: String = "an API key given in code") {
        self.value = value
        self.quotaProjectID = quotaProjectID
        self.source = source
    }
}

extension APIKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "APIKey(<redacted>, source: \(source), quotaProject: \(quotaProjectID ?? "none"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["value": "<redacted>", "quotaProjectID": quotaProjectID as Any, "source": source])
    }
}
