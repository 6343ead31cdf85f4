// MARK: - YouTubeStreamHealth

/// A live stream's `status` as one value: whether an encoder sends (`streamStatus`), how well
/// (`healthStatus.status`: `good`, `ok`, `bad`, `noData`), and the configuration issues YouTube
/// found in the signal.
public struct YouTubeStreamHealth: Sendable, Hashable, CustomStringConvertible {
    /// A configuration issue of the incoming signal.
    public struct Issue: Sendable, Hashable {
        /// e.g. `videoIngestionStarved`, `bitrateLow`.
        public var type: String
        /// `info`, `warning` or `error`.
        public var severity: String
        public var reason: String
        public var description: String
    }

    public var streamID: String
    /// `created`, `ready`, `active`, `inactive` or `error`.
    public var streamStatus: String
    /// `good`, `ok`, `bad`, `noData` or `revoked`.
    public var health: String
    public var issues: [Issue]

    /// Reads it from a stream fetched with the `status` part.
    public init(_ stream: YouTube.LiveStream) {
        streamID = stream.id ?? ""
        streamStatus = stream.status?.streamStatus?.rawValue ?? "unknown"
        health = stream.status?.healthStatus?.status?.rawValue ?? "noData"
        issues = (stream.status?.healthStatus?.configurationIssues ?? []).map { issue in
            Issue(
                type: issue.type?.rawValue ?? "", severity: issue.severity?.rawValue ?? "", reason: issue.reason ?? "",
                description: issue.description ?? "")
        }
    }

    public var description: String {
        var text = "stream \(streamID): \(streamStatus), health \(health)"
        for issue in issues { text += "\n  \(issue.severity): \(issue.type): \(issue.reason)" }
        return text
    }
}
