import Foundation

// MARK: - Whole seconds until a date

extension Date {
    /// Whole seconds from `now` until this date, or `nil` when that is not a sane number (dates
    /// read from a token file can be anything, including infinity): within ±100 years.
    func wholeSeconds(from now: Date = Date()) -> Int? {
        let seconds = timeIntervalSince(now)
        guard seconds.isFinite, abs(seconds) < 100 * 366 * 86_400 else { return nil }
        return Int(seconds)
    }
}
