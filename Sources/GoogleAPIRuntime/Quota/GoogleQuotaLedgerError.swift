// MARK: - GoogleQuotaLedgerError

/// The ledger file could not be used.
public struct GoogleQuotaLedgerError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { "quota ledger \(path): \(reason)" }
}
