import Foundation

// MARK: - RetryAfterValue

/// The package's one reading of a `Retry-After` value (RFC 9110 §10.2.3): delay-seconds or an
/// HTTP-date, for API calls and credentials endpoints alike.
package enum RetryAfterValue {
    /// The longest delay reported (a year); larger values from the network are clamped.
    package static let longest = 366 * 86_400

    /// The delay `value` asks for, or `nil` when absent or unparseable.
    package static func delay(_ value: String?, now: Date) -> Duration? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(min(seconds, longest)) : nil }
        // Too many digits for `Int` is still "a very long time", not an unparseable header.
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return .seconds(longest) }
        guard let date = HTTPDate.parse(value) else { return nil }
        // A date centuries ahead must not trap the conversion; callers cap the wait anyway.
        return ClampedNumber.duration(seconds: date.timeIntervalSince(now), maximum: .seconds(longest))
    }
}
