public import Foundation

// MARK: - GoogleQuotaExceededError

/// A call a ``GoogleQuotaLedger`` refused before sending it: it would pass today's budget, or the
/// server already said the day's quota is spent (`quotaExceeded`).
public struct GoogleQuotaExceededError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The method refused, e.g. `liveChatMessages.list`.
    public var method: String
    public var unitsNeeded: Int
    /// Units calls could still spend today (0 after a server `quotaExceeded`).
    public var unitsLeft: Int
    /// When the day's quota resets (midnight Pacific time).
    public var resetsAt: Date
    /// Whether the refusal comes from the server's `quotaExceeded` rather than the local budget.
    public var reportedByServer: Bool

    public init(method: String, unitsNeeded: Int, unitsLeft: Int, resetsAt: Date, reportedByServer: Bool) {
        self.method = method
        self.unitsNeeded = unitsNeeded
        self.unitsLeft = unitsLeft
        self.resetsAt = resetsAt
        self.reportedByServer = reportedByServer
    }

    public var description: String {
        let reset = ISO8601DateFormatter().string(from: resetsAt)
        let why = reportedByServer ? "the server reported the daily quota spent (quotaExceeded)" : "it would pass today's quota budget"
        return "quota: \(method) refused before sending: \(why); needs \(unitsNeeded) units, \(unitsLeft) left; "
            + "resets at \(reset) (midnight Pacific time)"
    }
}
