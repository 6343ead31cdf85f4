import Foundation
import GoogleBase

// MARK: - TokenLifetime

/// Bounds for the lifetimes and intervals a token or device endpoint announces, applied after
/// parsing so that `expires_in: 1e300`, `-5` or `"NaN"` become sane values instead of dates that
/// later trap when converted to integers.
package enum TokenLifetime {
    /// Ten years: longer than any lifetime Google issues, short enough for every conversion.
    package static let maximum: TimeInterval = 10 * 366 * 86_400
    /// Longest device-flow polling interval honoured (seconds).
    package static let maximumPollingInterval = 600

    /// An `expires_in`-style lifetime clamped to `0...maximum`; `nil` (unknown) for NaN.
    package static func clamped(_ seconds: TimeInterval?) -> TimeInterval? {
        seconds.flatMap { ClampedNumber.seconds($0, in: 0...maximum) }
    }

    /// A device-flow polling `interval` clamped to `1...maximumPollingInterval`; NaN or missing
    /// gives the RFC 8628 default of 5 seconds.
    package static func pollingInterval(_ seconds: TimeInterval?) -> Int {
        seconds.flatMap { ClampedNumber.int($0, in: 1...maximumPollingInterval) } ?? 5
    }
}
