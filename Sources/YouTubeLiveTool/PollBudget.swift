// MARK: - PollBudget

/// Counts polls for `--max-polls` (the sequence asks for a wait before every poll but the first).
actor PollBudget {
    struct Exhausted: Error {}
    private let limit: Int?
    private var polls = 1

    init(limit: Int?) { self.limit = limit }

    /// Whether another poll is allowed; counts it when it is.
    func spend() -> Bool {
        if let limit, polls >= limit { return false }
        polls += 1
        return true
    }
}
