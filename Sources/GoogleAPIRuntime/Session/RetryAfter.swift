import Foundation
import GoogleBase
import GoogleHTTP

// MARK: - RetryAfter

/// Parses `Retry-After` (RFC 9110 §10.2.3): delay-seconds or an HTTP-date.
public enum RetryAfter {
    /// The delay the server asked for, or `nil` when absent or unparseable.
    public static func delay(from headers: GoogleHTTPHeaders, now: Date = Date()) -> Duration? {
        RetryAfterValue.delay(headers["Retry-After"], now: now)
    }

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`).
    public static func parseHTTPDate(_ text: String) -> Date? {
        HTTPDate.parse(text)
    }
}
