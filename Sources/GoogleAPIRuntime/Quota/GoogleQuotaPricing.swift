public import Foundation
public import GoogleHTTPTypes

// MARK: - GoogleQuotaPricing

/// How a ``GoogleQuotaLedger`` prices a request: the method it calls and its units, or `nil`
/// for a request the ledger does not count (another API's). A generated module supplies one
/// for its API (`YouTubeQuotaCost.ledgerPricing`).
public struct GoogleQuotaPricing: Sendable {
    /// A request's method and units.
    public struct Price: Sendable, Hashable {
        /// The Discovery method ID, e.g. `liveBroadcasts.transition`.
        public var method: String
        public var units: Int

        public init(method: String, units: Int) {
            self.method = method
            self.units = units
        }
    }

    let price: @Sendable (GoogleHTTPMethod, URL) -> Price?

    /// - Parameter price: The price of a request with this HTTP method and URL; `nil` to not count it.
    public init(_ price: @escaping @Sendable (GoogleHTTPMethod, URL) -> Price?) {
        self.price = price
    }

    /// The price of `request`, `nil` when it is not counted.
    public func price(of request: GoogleHTTPRequest) -> Price? {
        price(request.method, request.url)
    }
}
