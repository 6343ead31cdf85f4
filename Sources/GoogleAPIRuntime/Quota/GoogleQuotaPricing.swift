// MARK: - GoogleQuotaPricing

/// How a ``GoogleQuotaLedger`` prices a call: by its Discovery method ID (the one every generated
/// call carries, ``APICall/methodID``), the units it costs, or `nil` for a method the ledger does
/// not count (another API's). A generated module supplies one for its API
/// (`YouTubeQuotaCost.ledgerPricing`). A request sent without a method ID is not priced.
public struct GoogleQuotaPricing: Sendable {
    /// A call's method and units.
    public struct Price: Sendable, Hashable {
        /// The Discovery method ID, e.g. `youtube.liveBroadcasts.transition`.
        public var method: String
        public var units: Int

        public init(method: String, units: Int) {
            self.method = method
            self.units = units
        }
    }

    let price: @Sendable (String) -> Price?

    /// - Parameter price: The price of a call to the method with this Discovery method ID; `nil`
    ///   to not count it.
    public init(_ price: @escaping @Sendable (_ methodID: String) -> Price?) {
        self.price = price
    }

    /// The price of a call to `methodID`, `nil` when it is not counted.
    public func price(ofMethod methodID: String) -> Price? {
        price(methodID)
    }
}
