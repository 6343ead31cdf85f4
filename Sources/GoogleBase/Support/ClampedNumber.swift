import Foundation

// MARK: - ClampedNumber

/// Conversions for numbers that came from outside (a server, a file, the command line), where
/// Swift's trapping initialisers (`Int(_: Double)`, `Int64 + 1`, `Duration` from huge values)
/// would turn hostile input into a crash. Each conversion either clamps or returns `nil`.
package enum ClampedNumber {
    /// `value` rounded toward zero and clamped to `range`; `nil` for NaN.
    package static func int(_ value: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard !value.isNaN else { return nil }
        // `Double(Int.max)` is 2^63, one past `Int.max`, so `>=` keeps `Int(value)` in range.
        if value >= Double(range.upperBound) { return range.upperBound }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        return min(max(Int(value), range.lowerBound), range.upperBound)
    }

    /// `value` clamped to `range`; `nil` for NaN.
    package static func seconds(_ value: Double, in range: ClosedRange<TimeInterval>) -> TimeInterval? {
        guard !value.isNaN else { return nil }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// Whole seconds from now until `date`, clamped to ±100 years (dates read from files can be
    /// anything, including infinity or NaN, which count as "unknown").
    package static func secondsUntil(_ date: Date, from now: Date = Date()) -> Int? {
        int(date.timeIntervalSince(now), in: -Self.century...Self.century)
    }

    /// A `Duration` of `seconds`, clamped to `0...maximum`; NaN counts as zero.
    package static func duration(seconds: Double, maximum: Duration) -> Duration {
        let limit = Double(maximum.components.seconds) + Double(maximum.components.attoseconds) / 1e18
        guard !seconds.isNaN, seconds > 0 else { return .zero }
        guard seconds < limit else { return maximum }
        return .nanoseconds(Int64(seconds * 1e9))
    }

    /// `value + 1`, or `nil` when that would overflow.
    package static func successor(_ value: Int64) -> Int64? {
        let (result, overflow) = value.addingReportingOverflow(1)
        return overflow ? nil : result
    }

    static let century = 100 * 366 * 86_400
}
