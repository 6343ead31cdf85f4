public import Foundation

// MARK: - GoogleQuotaStatus

/// A project's quota for today (a Pacific-time day), as a ``GoogleQuotaLedger`` has counted it.
public struct GoogleQuotaStatus: Sendable, Hashable, Codable {
    public var project: String
    /// The Pacific-time date, `yyyy-MM-dd`.
    public var day: String
    /// Units spent today by every process sharing the ledger's file.
    public var spent: Int
    public var dailyBudget: Int
    /// Units kept back: calls are refused once only these are left.
    public var reserve: Int
    /// Whether the server answered `quotaExceeded` today (nothing is sent until the reset).
    public var exhausted: Bool
    /// The next midnight in Pacific time.
    public var resetsAt: Date

    /// Units calls may still spend today (the budget minus what was spent and the reserve; 0 once exhausted).
    public var remaining: Int {
        exhausted ? 0 : max(dailyBudget - reserve - spent, 0)
    }
}
