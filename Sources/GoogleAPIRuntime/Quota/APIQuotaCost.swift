// MARK: - APIQuotaCost

/// What one request to an API method costs in quota units, as generated code states it (the
/// generator reads the costs from a data file beside the Discovery document, e.g.
/// `Specs/youtube.v3.quota.json`, which names its sources).
public struct APIQuotaCost: Sendable, Hashable {
    /// Where the units come from.
    public enum Source: String, Sendable, Hashable {
        /// The API's published quota table lists the method with these units.
        case published
        /// Not in the published table: an estimate, stated as such.
        case estimated
        /// The API publishes no cost for the method: a placeholder by kind (read or write).
        case unpublished
    }

    /// The Discovery method ID, e.g. `youtube.liveBroadcasts.transition`.
    public var method: String
    public var httpMethod: String
    /// The Discovery method's path, relative to the root URL, with `{x}` templates.
    public var path: String
    public var units: Int
    public var source: Source

    public init(method: String, httpMethod: String, path: String, units: Int, source: Source) {
        self.method = method
        self.httpMethod = httpMethod
        self.path = path
        self.units = units
        self.source = source
    }
}
