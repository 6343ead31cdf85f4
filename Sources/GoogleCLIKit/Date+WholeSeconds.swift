import Foundation

// MARK: - Whole seconds until a date

extension Date {
    /// Whole seconds from `now` until this date, clamped to ±100 years (dates read from a token
    /// file can be anything, including infinity, where `Int(_:)` would trap); `nil` for NaN.
    func wholeSeconds(from now: Date = Date()) -> Int? {
        let seconds = timeIntervalSince(now)
        guard !seconds.isNaN else { return nil }
        let century = Double(100 * 366 * 86_400)
        return Int(min(max(seconds, -century), century))
    }
}
