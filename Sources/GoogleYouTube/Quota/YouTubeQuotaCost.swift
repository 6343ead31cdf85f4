import Foundation

// MARK: - YouTubeQuotaCost

/// What each YouTube Data API method costs in quota units, and how a `GoogleQuotaLedger`
/// prices a request with it.
///
/// The units live in one data file, `Specs/youtube.v3.quota.json` (with its sources); the
/// generator states them on each method (a doc line and a constant such as
/// `YouTube.LiveBroadcastsResource.transitionQuotaCost`) and lists them all in
/// `YouTube.quotaCosts`, which this type reads:
///
///     YouTubeQuotaCost.units(of: "liveBroadcasts.transition")   // 50
///     YouTubeQuotaCost.cost(of: "search.list")?.source           // .published
///
/// A project has 10,000 units a day by default, reset at midnight Pacific time.
public enum YouTubeQuotaCost {
    /// Google's default daily budget per project.
    public static let defaultDailyBudget = 10_000

    /// Every method's cost, by method ID (`liveBroadcasts.list`).
    public static let all: [String: APIQuotaCost] = Dictionary(
        YouTube.quotaCosts.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })

    /// The cost of a method (`nil` for an ID not in the Discovery document).
    public static func cost(of method: String) -> APIQuotaCost? {
        all[method]
    }

    /// The units of a method; a method not in the table costs 1, as any YouTube request does.
    public static func units(of method: String) -> Int {
        all[method]?.units ?? 1
    }

    /// (HTTP method, path under the root URL) → cost.
    private static let byRoute: [String: APIQuotaCost] = Dictionary(
        YouTube.quotaCosts.map { ("\($0.httpMethod) \($0.path)", $0) }, uniquingKeysWith: { first, _ in first })

    /// The cost of a request to the YouTube Data API, recognised by its HTTP method and path
    /// (uploads under `/upload/` included); `nil` for requests to anything else, which a
    /// ledger does not count.
    public static func cost(httpMethod: String, path: String) -> APIQuotaCost? {
        var path = Substring(path)
        while path.hasPrefix("/") { path = path.dropFirst() }
        if path.hasPrefix("upload/") { path = path.dropFirst("upload/".count) }
        guard path.hasPrefix("youtube/v3/") else { return nil }
        if let exact = byRoute["\(httpMethod) \(path)"] { return exact }
        // captions.download has the one path parameter: `youtube/v3/captions/{id}`.
        if httpMethod == "GET", path.hasPrefix("youtube/v3/captions/"), !path.dropFirst("youtube/v3/captions/".count).contains("/") {
            return byRoute["GET youtube/v3/captions/{id}"]
        }
        // Any YouTube request costs at least a unit, even one the table does not know.
        return APIQuotaCost(method: "unknown", httpMethod: httpMethod, path: String(path), units: 1, source: .unpublished)
    }

    /// The prices a `GoogleQuotaLedger` charges YouTube requests (other APIs' requests are not counted).
    public static let ledgerPricing = GoogleQuotaPricing { method, url in
        cost(httpMethod: method.rawValue, path: url.path).map { GoogleQuotaPricing.Price(method: $0.method, units: $0.units) }
    }
}
