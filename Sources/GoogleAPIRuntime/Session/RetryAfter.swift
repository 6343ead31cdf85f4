import Foundation
import GoogleHTTP
import GoogleBase

// MARK: - RetryAfter

/// Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// The delay the server asked for, or `nil` when absent or unparseable.
    public static func delay(from headers: GoogleHTTPHeaders, now: Date = Date()) -> Duration? {
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Int(value) { return seconds >= 0 ? .seconds(min(seconds, Self.longest)) : nil }
        // Too many digits for `Int` is still "a very long time", not an unparseable header.
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return .seconds(Self.longest) }
        guard let date = parseHTTPDate(value) else { return nil }
        // A date centuries ahead must not trap the conversion; callers cap the wait anyway.
        return ClampedNumber.duration(seconds: date.timeIntervalSince(now), maximum: .seconds(Self.longest))
    }

    /// The longest delay reported (a year); larger values from the network are clamped.
    static let longest = 366 * 86_400

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`).
    public static func parseHTTPDate(_ text: String) -> Date? {
        HTTPDate.parse(text)
    }
}
