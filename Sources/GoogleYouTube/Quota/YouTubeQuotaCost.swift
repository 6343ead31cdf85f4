import Foundation

// MARK: - YouTubeQuotaCost

/// What each YouTube Data API method costs in quota units, from one table
/// (`YouTubeQuotaCost+Table.swift`, with its sources), and how a ``GoogleQuotaLedger`` prices a
/// request with it.
///
///     YouTubeQuotaCost.units(of: "liveBroadcasts.transition")   // 50
///     YouTubeQuotaCost.cost(of: "search.list")?.source           // .published
///
/// A project has 10,000 units a day by default, reset at midnight Pacific time.
public struct YouTubeQuotaCost: Sendable, Hashable {
    /// Where a method's units come from.
    public enum Source: String, Sendable, Hashable {
        /// Google's quota calculator lists the method with these units.
        case published
        /// A Live Streaming method Google's calculator table does not list: this SDK's estimate
        /// (reads 5, writes 50), to be checked against the method's "Quota impact".
        case estimated
        /// Google publishes no cost found for the method: 1 for a read, 50 for a write, as most methods cost.
        case unpublished
    }

    /// The Discovery method ID without the `youtube.` prefix, e.g. `liveBroadcasts.transition`.
    public var method: String
    public var units: Int
    public var source: Source

    struct Entry {
        var method: String
        var httpMethod: String
        var path: String
        var units: Int
        var source: Source

        init(_ method: String, _ httpMethod: String, _ path: String, _ units: Int, _ source: Source) {
            self.method = method
            self.httpMethod = httpMethod
            self.path = path
            self.units = units
            self.source = source
        }
    }

    /// Google's default daily budget per project.
    public static let defaultDailyBudget = 10_000

    /// Every method's cost, by method ID.
    public static let all: [String: YouTubeQuotaCost] = Dictionary(
        uniqueKeysWithValues: entries.map { ($0.method, YouTubeQuotaCost(method: $0.method, units: $0.units, source: $0.source)) })

    /// The cost of a method (`nil` for an ID not in the Discovery document).
    public static func cost(of method: String) -> YouTubeQuotaCost? {
        all[method]
    }

    /// The units of a method; a method not in the table costs 1, as any YouTube request does.
    public static func units(of method: String) -> Int {
        all[method]?.units ?? 1
    }

    /// (HTTP method, path under the root URL) → cost.
    private static let byRoute: [String: YouTubeQuotaCost] = Dictionary(
        entries.map { ("\($0.httpMethod) \($0.path)", YouTubeQuotaCost(method: $0.method, units: $0.units, source: $0.source)) },
        uniquingKeysWith: { first, _ in first })

    /// The cost of a request to the YouTube Data API, recognised by its HTTP method and path
    /// (uploads under `/upload/` included); `nil` for requests to anything else, which a
    /// ledger does not count.
    public static func cost(httpMethod: String, path: String) -> YouTubeQuotaCost? {
        var path = Substring(path)
        while path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasPrefix("upload/") { path = path.dropFirst("upload/".count) }
        guard path.hasPrefix("youtube/v3/") else { return nil }
        if let exact = byRoute["\(httpMethod) \(path)"] { return exact }
        // captions.download has the one path parameter: `youtube/v3/captions/{id}`.
        if httpMethod == "GET", path.hasPrefix("youtube/v3/captions/"), !path.dropFirst("youtube/v3/captions/".count).contains("/") {
            return byRoute["GET youtube/v3/captions/{id}"]
        }
        return YouTubeQuotaCost(method: "unknown", units: 1, source: .unpublished)
    }

    /// The prices a ``GoogleQuotaLedger`` charges YouTube requests (other APIs' requests are not counted).
    public static let ledgerPricing = GoogleQuotaPricing { method, url in
        cost(httpMethod: method.rawValue, path: url.path).map { GoogleQuotaPricing.Price(method: $0.method, units: $0.units) }
    }
}
