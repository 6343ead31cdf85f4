import Foundation

// MARK: - YouTubeQuotaCost

/// What each YouTube Data API method costs in quota units, by Discovery method ID, and how a
/// `GoogleQuotaLedger` prices a call with it.
///
/// The units live in one data file, `Specs/youtube.v3.quota.json` (with its sources); the
/// generator states them on each method (a doc line and a constant such as
/// `YouTube.LiveBroadcastsResource.transitionQuotaCost`) and lists them all in
/// `YouTube.quotaCosts`, which this type reads:
///
///     YouTubeQuotaCost.units(of: "youtube.liveBroadcasts.transition")   // 50
///     YouTubeQuotaCost.cost(of: "youtube.search.list")?.source           // .published
///     YouTubeQuotaCost.units(of: "liveBroadcasts.transition")           // nil: not a method ID
///
/// A project has 10,000 units a day by default, reset at midnight Pacific time.
public enum YouTubeQuotaCost {
    /// Google's default daily budget per project.
    public static let defaultDailyBudget = 10_000

    /// Every method's cost, by Discovery method ID (`youtube.liveBroadcasts.list`).
    public static let all: [String: APIQuotaCost] = Dictionary(
        YouTube.quotaCosts.map { ($0.method, $0) }, uniquingKeysWith: { first, _ in first })

    /// The cost of the method with Discovery method ID `methodID`; `nil` for an ID that is not
    /// a YouTube Data API method (e.g. one without the `youtube.` prefix).
    public static func cost(of methodID: String) -> APIQuotaCost? {
        all[methodID]
    }

    /// The units of the method with Discovery method ID `methodID`; `nil` for an unknown ID
    /// (never a guess: a misspelt ID must not quietly cost 1).
    public static func units(of methodID: String) -> Int? {
        all[methodID]?.units
    }

    /// The prices a `GoogleQuotaLedger` charges YouTube calls, by the method ID each generated
    /// call carries (other APIs' methods are not counted).
    public static let ledgerPricing = GoogleQuotaPricing { methodID in
        all[methodID].map { GoogleQuotaPricing.Price(method: $0.method, units: $0.units) }
    }
}
