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

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850 form
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`).
    public static func parseHTTPDate(_ text: String) -> Date? {
        let afterComma = text.split(separator: ",", maxSplits: 1).last.map(String.init) ?? text
        let fields = afterComma.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        guard fields.count >= 4, let day = Int(fields[0]),
            let month = months.firstIndex(of: fields[1].lowercased()), var year = Int(fields[2])
        else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let time = fields[3].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3 else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month + 1
        components.day = day
        components.hour = time[0]
        components.minute = time[1]
        components.second = time[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}
